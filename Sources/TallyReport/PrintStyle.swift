/// The stylesheet a PDF adds to a report page: the paper size, and a footer of the title and "Page N of M" in the
/// `@page` margin boxes. In table cells it drops the address the site's print stylesheet writes after a link (in a
/// self-contained report every link is absolute, and the addresses pushed the last columns off the sheet), and lets
/// the last column (notes) wrap.
enum PrintStyle {
    /// `html` with the stylesheet at the end of its `<head>`, after the site's own, so its `@page` rule wins.
    static func adding(to html: String, title: String, paper: PaperSize) -> String {
        let style = """
            <style>@page { size: \(paper.css); margin: 16mm 15mm 20mm; \
            @bottom-left { content: \(cssString(title)); font: 8pt sans-serif; color: #333; } \
            @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; color: #333; } }             .prose td a::after { content: none !important; } .prose td:last-child { white-space: normal; }</style>
            """
        guard let end = html.range(of: "</head>") else { return style + html }
        return html.replacingCharacters(in: end.lowerBound..<end.lowerBound, with: style)
    }

    /// A CSS string literal for any text: quotes and backslashes escaped, line breaks and `<` (which could close
    /// the `<style>` element) as CSS escapes.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "<": out += "\\3C "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
