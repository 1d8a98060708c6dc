import Foundation
import Synchronization
import TallyFormat
import TallySite

/// Prints build progress: `[i/n] stage` lines and a page counter on a terminal, nothing but the summary otherwise,
/// so CI logs get one line per problem and no animation.
final class ConsoleReporter: BuildProgress {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let counterShown = Mutex(false)
    /// With `--timings`: when each stage started, to print how long each took once the build ends.
    private let stageStarts: Mutex<[(stage: BuildStage, at: ContinuousClock.Instant)]>?
    /// With `--timings`: render CPU time and page count per content file, to name the files that cost the most.
    private let fileTimes: Mutex<[String: (total: Duration, pages: Int)]>?

    init(timings: Bool = false) {
        stageStarts = timings ? Mutex([]) : nil
        fileTimes = timings ? Mutex([:]) : nil
    }

    var wantsPageTimes: Bool { fileTimes != nil }

    func pageRendered(from file: String, in duration: Duration) {
        fileTimes?.withLock { times in
            let sofar = times[file] ?? (.zero, 0)
            times[file] = (sofar.total + duration, sofar.pages + 1)
        }
    }

    func stageStarted(_ stage: BuildStage) {
        stageStarts?.withLock { $0.append((stage, .now)) }
        guard isTerminal else { return }
        clearCounter()
        printLine("[\(stage.rawValue + 1)/\(BuildStage.allCases.count)] \(stage.name)")
    }

    func pagesRendered(_ done: Int, of total: Int) {
        guard isTerminal else { return }
        counterShown.withLock { shown in
            shown = true
            FileHandle.standardError.write(Data("\r      \(done)/\(total) pages".utf8))
        }
    }

    func finish() {
        clearCounter()
        guard let starts = stageStarts?.withLock({ $0 }), !starts.isEmpty else { return }
        let ends = starts.dropFirst().map(\.at) + [ContinuousClock.now]
        for (start, end) in zip(starts, ends) {
            let milliseconds = String((end - start.at).milliseconds)
            printLine(String(repeating: " ", count: max(0, 7 - milliseconds.count)) + milliseconds + " ms  " + start.stage.name)
        }
        printCostliestFiles()
    }

    /// The content files whose pages took the most CPU time to render, summed over every thread: where a slow build goes.
    private func printCostliestFiles(limit: Int = 10) {
        guard let times = fileTimes?.withLock({ $0 }), !times.isEmpty else { return }
        printLine("Render CPU time by content file, costliest first:")
        for (file, time) in times.sorted(by: { ($0.value.total, $1.key) > ($1.value.total, $0.key) }).prefix(limit) {
            let (seconds, attoseconds) = time.total.components
            let perPage = (Double(seconds) * 1_000 + Double(attoseconds) / 1e15) / Double(time.pages)
            let milliseconds = String(time.total.milliseconds)
            printLine(String(repeating: " ", count: max(0, 7 - milliseconds.count)) + milliseconds + " ms  "
                      + file + "  (\(time.pages) " + (time.pages == 1 ? "page" : "pages") + ", "
                      + String(format: "%.2f", perPage) + " ms a page)")
        }
    }

    func printProblem(_ diagnostic: Diagnostic) { printLine(diagnostic.description) }

    func printLine(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func clearCounter() {
        counterShown.withLock { shown in
            if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            shown = false
        }
    }
}
