import Foundation
import Synchronization
import TallyFormat
import TallyServe
import TallySite

/// Prints build progress: `[i/n] stage` lines and a page counter on a terminal, nothing but the summary otherwise,
/// so CI logs get one line per problem and no animation.
final class ConsoleReporter: RebuildTimings {
    /// Whether stage lines and the page counter show on a terminal: not between `tally serve`'s own lines.
    private let isTerminal: Bool
    private let counterShown = Mutex(false)
    /// With `--timings`: when each stage started, to print how long each took once the build ends.
    private let stageStarts: Mutex<[(stage: BuildStage, at: ContinuousClock.Instant, cpu: Duration)]>?
    /// With `--timings`: render CPU time and page count per content file, to name the files that cost the most.
    private let fileTimes: Mutex<[String: (total: Duration, pages: Int)]>?
    /// With `--timings`: the build's own steps besides page renders (`BuildProgress.stepTimed`), by name.
    private let stepTimes: Mutex<[String: (wall: Duration, cpu: Duration, count: Int)]>?

    init(timings: Bool = false, showsStages: Bool = true) {
        isTerminal = showsStages && isatty(STDERR_FILENO) == 1
        stageStarts = timings ? Mutex([]) : nil
        fileTimes = timings ? Mutex([:]) : nil
        stepTimes = timings ? Mutex([:]) : nil
    }

    func stepTimed(_ name: String, wall: Duration, cpu: Duration) {
        stepTimes?.withLock { times in
            let sofar = times[name] ?? (.zero, .zero, 0)
            times[name] = (sofar.wall + wall, sofar.cpu + cpu, sofar.count + 1)
        }
    }

    var wantsPageTimes: Bool { fileTimes != nil }

    func pageRendered(from file: String, in duration: Duration) {
        fileTimes?.withLock { times in
            let sofar = times[file] ?? (.zero, 0)
            times[file] = (sofar.total + duration, sofar.pages + 1)
        }
    }

    func stageStarted(_ stage: BuildStage) {
        stageStarts?.withLock { $0.append((stage, .now, Self.processCPUTime())) }
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
        let ends = starts.dropFirst().map { ($0.at, $0.cpu) } + [(ContinuousClock.now, Self.processCPUTime())]
        // Each stage's wall time, then the CPU time of every thread meanwhile (pages render while later stages start).
        for (start, end) in zip(starts, ends) {
            printLine(Self.padded((end.0 - start.at).milliseconds) + " ms  " + Self.padded((end.1 - start.cpu).milliseconds)
                      + " ms CPU  " + start.stage.name)
        }
        printSteps()
        printCostliestFiles()
    }

    /// The build's own steps besides page renders, costliest first: their threads' CPU time, and their wall time
    /// summed over calls (more than the elapsed time when calls ran at once).
    private func printSteps() {
        guard let times = stepTimes?.withLock({ $0 }), !times.isEmpty else { return }
        printLine("Steps besides page renders, by CPU time:")
        for (name, time) in times.sorted(by: { ($0.value.cpu, $1.key) > ($1.value.cpu, $0.key) }) {
            printLine(Self.padded(time.cpu.milliseconds) + " ms CPU  " + Self.padded(time.wall.milliseconds) + " ms wall  " + name
                      + (time.count == 1 ? "" : "  (\(time.count) calls)"))
        }
    }

    private static func padded(_ milliseconds: Int64) -> String {
        let text = String(milliseconds)
        return String(repeating: " ", count: max(0, 7 - text.count)) + text
    }

    private static func processCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
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
