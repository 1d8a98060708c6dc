/// A CLDR date pattern such as `d. MMM y` or the date-time pattern `{1}, {0}`, read once into its fields and
/// literal text, so that formatting a date walks a few parts rather than the pattern's characters.
///
/// Only the fields Tally's patterns use: `d`/`dd` day, `M`…`MMMM` month (`MMM` abbreviated, `MMMM` wide), `LLL`
/// stand-alone month, `y` year, `H`/`HH` hour, `mm` minute, `{1}` the date and `{0}` the time; text in single
/// quotes is literal.
struct DatePattern: Sendable, ExpressibleByStringLiteral {
    enum Part: Sendable, Equatable {
        case literal(String)
        case day(width: Int)
        case month(width: Int)
        case standAloneMonth
        case year
        case hour(width: Int)
        case minute
        /// `{1}` in a date-time pattern.
        case date
        /// `{0}` in a date-time pattern.
        case time
    }

    let parts: [Part]

    init(stringLiteral pattern: String) { parts = Self.parts(of: Array(pattern)) }

    private static func parts(of characters: [Character]) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var index = 0
        func field(_ part: Part) {
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(part)
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                var end = index + 1
                while end < characters.count, characters[end] != "'" { end += 1 }
                literal += end == index + 1 ? "'" : String(characters[index + 1..<end])
                index = end + 1
                continue
            }
            if character == "{", index + 2 < characters.count, characters[index + 2] == "}", "01".contains(characters[index + 1]) {
                field(characters[index + 1] == "1" ? .date : .time)
                index += 3
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            switch character {
            case "d": field(.day(width: count))
            case "M": field(.month(width: count))
            case "L": field(.standAloneMonth)
            case "y": field(.year)
            case "H": field(.hour(width: count))
            case "m": field(.minute)
            default: literal += String(repeating: character, count: count)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }
}
