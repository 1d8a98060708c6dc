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

    init(timings: Bool = false) {
        stageStarts = timings ? Mutex([]) : nil
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
