import Foundation

/// Temporary folders for tests, all inside one folder per test process that is removed when the process exits.
///
/// A test run makes hundreds of sites, databases and outputs; left in `/tmp` they filled the disk of a long-lived
/// machine. Set `TALLY_KEEP_TEST_FOLDERS=1` to keep them for a look after a failure. A run that crashed leaves
/// its folder behind: the next run removes the folders of processes that no longer exist.
public enum TestFolder {
    /// A new folder path (not yet created) named `prefix-UUID` inside this process's folder.
    public static func make(_ prefix: String) -> URL {
        processFolder.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }

    /// `tally-tests-PID` in the system's temporary folder, made once, with its removal at exit registered.
    private static let processFolder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeFoldersOfEndedProcesses(in: temporary)
        let folder = temporary.appendingPathComponent(folderName(getpid()))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["TALLY_KEEP_TEST_FOLDERS"] != "1" {
            atexit {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(TestFolder.folderName(getpid()))
                try? FileManager.default.removeItem(at: folder)
            }
        }
        return folder
    }()

    private static let prefix = "tally-tests-"

    private static func folderName(_ pid: pid_t) -> String { prefix + String(pid) }

    private static func removeFoldersOfEndedProcesses(in temporary: URL) {
        guard ProcessInfo.processInfo.environment["TALLY_KEEP_TEST_FOLDERS"] != "1",
              let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), kill(pid, 0) == -1, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}

/// Process numbers for tests of what a killed process leaves behind.
public enum TestProcess {
    /// The number of a process that has exited and been waited for.
    public static func finished() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
