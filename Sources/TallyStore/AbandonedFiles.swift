import Foundation

/// Files and folders that a killed process of Tally's (a CI job's timeout, a closed terminal) left where it worked:
/// its snapshot in the temporary folder (`tally-snapshot-<pid>-…`, tens of megabytes at 20,000 organizations, with
/// its `-wal`, `-shm` and materialized views' files) and a build's staging folder beside the output
/// (`.public.staging-<pid>`, a partial site). A process removes its own as it ends; killed, it cannot, and nothing
/// read them again. Each name carries the process number, so the next run can tell the abandoned from the in use:
/// one whose process still runs is another run's and stays, as does one whose number another process has taken since.
public enum AbandonedFiles {
    /// Removes the entries of `folder` named `prefix`, a process number, then nothing or `-…`, whose process no longer
    /// runs; returns their names.
    @discardableResult
    public static func remove(in folder: URL, prefix: String,
                              ownProcess: Int32 = ProcessInfo.processInfo.processIdentifier) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let process = Int32(digits), process > 0, process != ownProcess,
                  digits.endIndex == rest.endIndex || rest[digits.endIndex] == "-",
                  !isRunning(process) else { continue }
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed.append(name) }
        }
        return removed
    }

    /// Whether a process of that number exists: `kill` with no signal asks without sending one. EPERM means it
    /// exists under another user.
    public static func isRunning(_ process: Int32) -> Bool {
        kill(process, 0) == 0 || errno == EPERM
    }
}
