/// Estimates how wide text renders, without font files: per-character advance widths close to common sans-serif
/// system fonts, scaled up by a tenth so that estimates err towards more room (DejaVu Sans, common on Linux,
/// is among the widest). Used to size margins, decide whether labels fit and keep them from overlapping.
enum TextMetrics {
    /// Width in user units of `text` at `fontSize`.
    static func width(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        var ascii = true
        let widths = asciiWidths
        for byte in text.utf8 {
            guard byte < 128 else {
                ascii = false
                break
            }
            ems += widths[Int(byte)]
        }
        if ascii { return ems * fontSize * safety }
        ems = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 128 {
                ems += asciiWidths[Int(value)]
            } else if (0x0300...0x036F).contains(value) || value == 0x200B {
                continue
            } else if (0x1100...0x11FF).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) {
                ems += 1
            } else {
                ems += 0.62
            }
        }
        return ems * fontSize * safety
    }

    private static let safety = 1.1

    /// The longest prefix of `text` that fits in `maxWidth`, with an ellipsis when it had to be cut.
    static func truncated(_ text: String, fontSize: Double, maxWidth: Double) -> String {
        guard width(text, fontSize: fontSize) > maxWidth else { return text }
        let ellipsisWidth = width(Glyph.ellipsis, fontSize: fontSize)
        var result = ""
        var used = 0.0
        for character in text {
            let advance = width(String(character), fontSize: fontSize)
            if used + advance + ellipsisWidth > maxWidth { break }
            result.append(character)
            used += advance
        }
        while result.last == " " { result.removeLast() }
        return result + Glyph.ellipsis
    }

    // Advance widths in ems for ASCII, after Helvetica/Arial, a touch wider for system UI fonts.
    private static let asciiWidths: [Double] = {
        var widths = [Double](repeating: 0.56, count: 128)
        for index in 0..<32 { widths[index] = 0 }
        let groups: [(String, Double)] = [
            (" ", 0.28), ("!'.,:;|il", 0.26), ("fjrtI()[]{}\"`/\\-", 0.35), ("*^", 0.4),
            ("0123456789$#?_", 0.57), ("abcdeghknopqsuvxyz", 0.56), ("JLFTZ", 0.62), ("ABEKPRSVXY", 0.68),
            ("CDGHNOQUw", 0.74), ("+<=>~", 0.6), ("mM", 0.85), ("W%@", 0.92), ("&", 0.68),
        ]
        for (characters, width) in groups {
            for byte in characters.utf8 { widths[Int(byte)] = width }
        }
        return widths
    }()
}
