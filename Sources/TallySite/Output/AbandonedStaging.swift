import Foundation

/// The staging folders of builds that were killed (a CI job's timeout, a terminal closed) before they could remove
/// them: `.public.staging-<pid>` beside the output, a partial site that no later build would read or delete, and
/// that at 20,000 organizations holds tens of thousands of files.
///
/// A staging folder is never needed once its build's process is gone: a commit renames or exchanges it whole, or
/// moves its files with a journal that names the retired folder, never the staging one (`OutputJournal`). One whose
/// process still runs is another build's, and stays; so does one whose number another process has taken since.
enum AbandonedStaging {
    /// Removes the staging folders beside `output` whose build's process no longer runs; returns their names.
    @discardableResult
    static func remove(beside output: URL, ownProcess: Int32 = ProcessInfo.processInfo.processIdentifier) -> [String] {
        let parent = output.deletingLastPathComponent()
        let prefix = ".\(output.lastPathComponent).staging-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            guard let process = Int32(name.dropFirst(prefix.count)), process > 0, process != ownProcess,
                  !isRunning(process) else { continue }
            if (try? FileManager.default.removeItem(at: parent.appendingPathComponent(name))) != nil { removed.append(name) }
        }
        return removed
    }

    /// Whether a process of that number exists: `kill` with no signal asks without sending one. EPERM means it
    /// exists under another user.
    static func isRunning(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
