#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mark colour that comes from the data, such as a budget category's own colour. The text is untrusted, so it
/// is read strictly (`#rgb` or `#rrggbb`, nothing around it) and written back only as the six lowercase hex digits
/// it parsed to, and it is kept only when it clears WCAG's 3:1 for marks against both themes' backgrounds, since
/// the same colour is drawn in both; anything else leaves the mark its palette colour.
struct ChartColor: Sendable, Hashable {
    /// `#rrggbb`, lowercase.
    let hex: String
    let red: Int
    let green: Int
    let blue: Int

    /// The least contrast a mark needs against the background (WCAG 1.4.11, non-text contrast).
    static let markContrast = 3.0

    /// `text` as a colour, or nil when it is not exactly `#rgb` or `#rrggbb`.
    init?(parsing text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 4 || bytes.count == 7, bytes[0] == UInt8(ascii: "#") else { return nil }
        var digits: [Int] = []
        for byte in bytes.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(Int(byte - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digits.append(Int(byte - UInt8(ascii: "A")) + 10)
            default: return nil
            }
        }
        let channels = digits.count == 3 ? digits.map { $0 * 17 } : [0, 2, 4].map { digits[$0] * 16 + digits[$0 + 1] }
        (red, green, blue) = (channels[0], channels[1], channels[2])
        let hexDigits = Array("0123456789abcdef")
        hex = "#" + String(channels.flatMap { [hexDigits[$0 / 16], hexDigits[$0 % 16]] })
    }

    /// `text` as a colour that clears 3:1 against the light and the dark palette's backgrounds, or nil.
    static func usable(_ text: String) -> ChartColor? {
        guard let colour = ChartColor(parsing: text) else { return nil }
        let backgrounds = [ChartPalette.light.background, ChartPalette.dark.background].compactMap(ChartColor.init(parsing:))
        return backgrounds.allSatisfy { colour.contrast(with: $0) >= markContrast } ? colour : nil
    }

    /// WCAG 2 relative luminance.
    var luminance: Double {
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio, from 1 to 21.
    func contrast(with other: ChartColor) -> Double {
        let (high, low) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (high + 0.05) / (low + 0.05)
    }
}
