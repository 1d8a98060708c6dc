import Foundation
import TallyStore

extension KeptSnapshot {
    /// The snapshot a build into `output` keeps beside it, with the settings its rows depend on besides the
    /// database: the `tally` binary (its stamp, as `BuildStamp` has it) and the config file's bytes (the policy is
    /// digested apart; the timezone reaches materialized views through `local_datetime`).
    static func beside(_ output: URL, options: BuildOptions) -> KeptSnapshot {
        let config = FileManager.default.contents(atPath: options.resolve(options.configFile).path)
            .map { ContentDigest.of(String(decoding: $0, as: UTF8.self)) } ?? "-"
        return KeptSnapshot(path: PageManifest.snapshotFile(for: output).path, settings: FileStamps.executable + "\n" + config)
    }
}
