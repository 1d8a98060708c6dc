/// An Atom feed (RFC 4287) ready to write. Every text is escaped here, so entries may hold any database text.
struct AtomFeed: Sendable {
    struct Entry: Sendable {
        let title: String
        /// Absolute URL of the page the entry is about.
        let link: String
        /// Permanent, unique IRI of the entry.
        let id: String
        let updated: FeedTimestamp
        let author: String?
        /// Plain text.
        let summary: String?
        /// HTML, with absolute links.
        let contentHTML: String?
    }

    let title: String
    let subtitle: String?
    /// Absolute URL of the feed itself, also its id.
    let selfURL: String
    /// Absolute URL of the site.
    let siteURL: String
    let language: String
    /// The feed's author when an entry names none: the site's title.
    let author: String
    let entries: [Entry]

    var xml: String {
        let updated = entries.map(\.updated).max()?.text ?? FeedTimestamp.epoch
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(escapeXML(language))">"#,
            "<title>\(escapeXML(title))</title>",
        ]
        if let subtitle { lines.append("<subtitle>\(escapeXML(subtitle))</subtitle>") }
        lines += [
            #"<link rel="self" type="application/atom+xml" href="\#(escapeXML(selfURL))"/>"#,
            #"<link rel="alternate" type="text/html" href="\#(escapeXML(siteURL))"/>"#,
            "<id>\(escapeXML(selfURL))</id>",
            "<updated>\(updated)</updated>",
            "<author><name>\(escapeXML(author))</name></author>",
            "<generator>Tally</generator>",
        ]
        for entry in entries {
            lines += [
                "<entry>",
                "<title>\(escapeXML(entry.title))</title>",
                #"<link rel="alternate" type="text/html" href="\#(escapeXML(entry.link))"/>"#,
                "<id>\(escapeXML(entry.id))</id>",
                "<updated>\(entry.updated.text)</updated>",
            ]
            if let author = entry.author { lines.append("<author><name>\(escapeXML(author))</name></author>") }
            if let summary = entry.summary { lines.append(#"<summary type="text">\#(escapeXML(summary))</summary>"#) }
            if let html = entry.contentHTML { lines.append(#"<content type="html">\#(escapeXML(html))</content>"#) }
            lines.append("</entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }
}
