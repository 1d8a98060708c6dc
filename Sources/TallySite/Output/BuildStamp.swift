import Foundation

/// What the last successful build into an output folder read and wrote, kept beside the output as
/// `.public.tally-build` (never inside it, so it is not deployed). The same inputs give byte-identical output, so
/// when every input file, the options and the `tally` binary are as that build found them, and the output is as
/// it left it, the next build can stop before rendering anything: make's rule, checked on every file.
///
/// A build writes no stamp, and so is never skipped, when its output could differ with the same inputs: when it
/// had warnings (they would not be shown again) or when a query reads the clock or random numbers.
struct BuildStamp {
    /// The stamp's first lines: the format, the binary, the options and every input file.
    let inputs: String

    static let format = "tally-build 1"

    init(options: BuildOptions, config: SiteConfig) {
        inputs = ([Self.format, "binary " + FileStamps.executable, "options"] + options.outputSettings
            + ["inputs " + FileStamps.line(FileStamps.digest(of: options.inputs(config)))]).joined(separator: "\n") + "\n"
    }

    static func file(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).tally-build")
    }

    /// The counts of the build that wrote the stamp, when nothing has changed since.
    func unchangedBuild(at output: URL) -> (pages: Int, staticFiles: Int, files: Int)? {
        guard let stored = try? String(contentsOf: Self.file(for: output), encoding: .utf8), stored.hasPrefix(inputs) else { return nil }
        let rest = stored.dropFirst(inputs.count).split(separator: "\n")
        let counts = rest.first?.split(separator: " ").compactMap { Int($0) } ?? []
        let files = Self.outputDigest(output)
        guard rest.count == 2, counts.count == 2, rest[1] == "output " + FileStamps.line(files) else { return nil }
        return (counts[0], counts[1], files.count)
    }

    /// Records a successful build, or removes the stamp when the build may not be skipped next time.
    /// - Parameter known: the output's count and digest when the writer knows them (`OutputWriter.outputDigest`);
    ///   nil walks the output.
    func record(pages: Int, staticFiles: Int, output: URL, known: (count: Int, digest: UInt64)? = nil, reusable: Bool) {
        let file = Self.file(for: output)
        guard reusable else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        let text = inputs + "\(pages) \(staticFiles)\noutput " + FileStamps.line(known ?? Self.outputDigest(output)) + "\n"
        try? Data(text.utf8).write(to: file, options: .atomic)
    }

    /// The output's files; a deploy checkout's `.git` inside it is not Tally's.
    private static func outputDigest(_ output: URL) -> (count: Int, digest: UInt64) {
        FileStamps.digest(of: [output], skipping: [".git"])
    }

    /// Whether a query can give other rows on the next build with the same database: SQLite's clock and random
    /// functions. A false alarm (the word in a comment) only costs a full build.
    static func isVolatile(_ sql: String) -> Bool {
        let lower = sql.lowercased()
        return ["'now'", "\"now\"", "random(", "randomblob(", "current_date", "current_time"].contains { lower.contains($0) }
            || lower.contains(Self.clockWithoutArguments)
    }

    /// SQLite's date and time functions called without a time, which is then "now": `date()`, `unixepoch()`, or
    /// `strftime('%s')` with its format alone.
    nonisolated(unsafe) static let clockWithoutArguments = #/\b(date|time|datetime|julianday|unixepoch)\s*\(\s*\)|\bstrftime\s*\(\s*'[^']*'\s*\)/#
}
