import Testing
import TallyStore

/// The digest's text is compared across builds and kept in manifests: it must stay FNV-1a's 128-bit value, as 32
/// lowercase hexadecimal digits with its leading zeros.
@Suite struct ContentDigestTests {
    @Test(arguments: [
        ("", "6c62272e07bb014262b821756295c58d"),   // FNV-1a's offset basis: no byte added
        ("a", "d228cb696f1a8caf78912b704e4a8964"),  // the published FNV-1a 128 value of "a"
        ("x0", "0880955b0fab1be95aa0733055c4735d"), // a leading zero digit
        ("0123456789abcdefXYZ", "6404c3dad782ffdb8d5e024ddc06c7c0"), // two words a step, then bytes
    ])
    func theTextIsThe128BitValueIn32HexadecimalDigits(text: String, hex: String) {
        #expect(ContentDigest.of(bytesOf: text) == hex)
    }
}
