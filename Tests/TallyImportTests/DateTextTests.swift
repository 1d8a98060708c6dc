import Testing
@testable import TallyImport

@Suite struct DateTextTests {
    @Test(arguments: [
        ("2024-03-05", DateText.Kind.date, nil, "2024-03-05"),
        ("2024-03-05T14:30:00Z", .dateTime, nil, "2024-03-05T14:30:00Z"),
        ("2024-03-05 14:30", .dateTime, nil, "2024-03-05T14:30:00"),
        ("2024-03-05T14:30:00+02:00", .dateTime, nil, "2024-03-05T14:30:00+02:00"),
        ("2024-03-05", .dateTime, nil, "2024-03-05"),
        ("2024-03", .month, nil, "2024-03"),
        ("2024-03-05", .month, nil, "2024-03"),
        ("03/04/2024", .date, "%m/%d/%Y", "2024-03-04"),
        ("04.03.2024", .date, "%d.%m.%Y", "2024-03-04"),
        ("03/04/2024 17:05", .dateTime, "%m/%d/%Y %H:%M", "2024-03-04T17:05:00"),
        ("2024-03-05 14:30 +0200", .dateTime, "%Y-%m-%d %H:%M %z", "2024-03-05T14:30:00+02:00"),
        ("2024-03-05 14:30:00Z", .dateTime, nil, "2024-03-05T14:30:00Z"),
    ] as [(String, DateText.Kind, String?, String)])
    func readsDates(text: String, kind: DateText.Kind, format: String?, expected: String) {
        #expect(DateText.parse(text, as: kind, format: format) == expected)
    }

    @Test(arguments: [
        ("2024-02-30", nil), ("03/04/2024", nil), ("2024-13-01", nil), ("yesterday", nil),
        ("2024-03-04", "%m/%d/%Y"), ("02/30/2024", "%m/%d/%Y"), ("03/04/2024 extra", "%m/%d/%Y"),
        ("03/05/24", "%m/%d/%Y"), ("05.03.24", "%d.%m.%Y"),
    ] as [(String, String?)])
    func refusesWhatIsNotADate(text: String, format: String?) {
        #expect(DateText.parse(text, as: .date, format: format) == nil)
    }
}
