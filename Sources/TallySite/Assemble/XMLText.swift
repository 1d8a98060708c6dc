import TallyTemplates

/// Text made safe for XML 1.0 (feeds and the sitemap): characters XML cannot hold are dropped, then
/// `& < > " '` are escaped, so database text can never break or extend the document (`]]>` included).
func escapeXML(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { !isXMLCharacter($0) }) else { return escapeHTML(text) }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: text.unicodeScalars.filter(isXMLCharacter))
    return escapeHTML(String(kept))
}

/// XML 1.0's `Char` production: tab, line feed, carriage return, and U+0020 upwards except U+FFFE and U+FFFF
/// (a Swift string holds no surrogates).
private func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: return true
    case 0x20...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
}
