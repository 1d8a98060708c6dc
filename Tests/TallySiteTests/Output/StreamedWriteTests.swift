import Foundation
import TallyFormat
@testable import TallySite
import Testing

/// A file written a piece at a time (`OutputWriter.writeStreamed`, `orgs/search.json`): compared with the previous
/// output's file piece by piece, left in place when equal, and gone when its maker fails.
@Suite struct StreamedWriteTests {
    private struct Stop: Error, Equatable {}

    /// Writes `pieces` (each repeated `times`, so that some cross the writer's 64 KiB blocks) to `data.json`.
    private func write(_ pieces: [String], times: Int, into writer: OutputWriter) throws {
        try writer.writeStreamed(to: "data.json") { (append) throws(Stop) in
            for piece in pieces { append(Array(String(repeating: piece, count: times).utf8)) }
        }
    }

    @Test func aStreamedFileEqualToThePreviousOneIsLeftInPlaceAndAChangedOneIsWritten() throws {
        let folder = try OutputSwapTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("public")
        let site = folder.appendingPathComponent("site")
        let first = try OutputWriter(output: output, siteRoot: site)
        try write(["[", "{\"a\":1},", "]"], times: 20_000, into: first)
        try first.commit()
        let written = try Data(contentsOf: output.appendingPathComponent("data.json"))
        #expect(written == Data(([String(repeating: "[", count: 20_000), String(repeating: "{\"a\":1},", count: 20_000),
                                  String(repeating: "]", count: 20_000)].joined()).utf8))

        let same = try OutputWriter(output: output, siteRoot: site)
        try write(["[", "{\"a\":1},", "]"], times: 20_000, into: same)
        #expect(same.unchanged == 1 && same.written == 0)
        same.discard()

        // One writer at a time: a process's writers share one staging folder.
        let longer = try OutputWriter(output: output, siteRoot: site)
        try write(["[", "{\"a\":1},", "]", "\n"], times: 20_000, into: longer)
        #expect(longer.written == 1 && longer.unchanged == 0)
        longer.discard()
        let changed = try OutputWriter(output: output, siteRoot: site)
        try write(["[", "{\"a\":2},", "]"], times: 20_000, into: changed)
        #expect(changed.written == 1 && changed.unchanged == 0)
        try changed.commit()
        #expect(try String(contentsOf: output.appendingPathComponent("data.json"), encoding: .utf8).contains("{\"a\":2}"))
    }

    @Test func aMakerThatFailsLeavesNoFileAndItsErrorIsReturned() throws {
        let folder = try OutputSwapTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        #expect(throws: StreamedWriteError<Stop>.self) {
            try writer.writeStreamed(to: "orgs/data.json") { (append) throws(Stop) in
                append(Array("[".utf8))
                throw Stop()
            }
        }
        #expect(!FileManager.default.fileExists(atPath: writer.stagingPath + "/orgs/data.json") && writer.written == 0)
        writer.discard()
    }

    @Test func aStreamedFileOutsideTheOutputIsRefused() throws {
        let folder = try OutputSwapTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = try OutputWriter(output: folder.appendingPathComponent("public"), siteRoot: folder.appendingPathComponent("site"))
        defer { writer.discard() }
        do {
            try writer.writeStreamed(to: "../escape.json") { (append) throws(Stop) in append(Array("x".utf8)) }
            Issue.record("a path outside the output was written")
        } catch {
            guard case .output(let problem) = error else {
                Issue.record("not refused: \(error)")
                return
            }
            #expect(problem == Diagnostic(file: "../escape.json", message: "refusing to write outside the output folder",
                                          hint: "output paths are made of plain folder names"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.json").path))
    }
}
