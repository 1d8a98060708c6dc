// Imports one CSV of gifts with `Importer.run` directly: a synchronous program for `valgrind --tool=callgrind`,
// which stops at the `tally` binary's async main (see tally-build-bench).
//
// Usage: tally-import-bench CSV DATABASE [id|fingerprint]
// The database must exist with the user `ada` and the organizations the file names (bench/import_bench.py makes one).
import Foundation
import TallyImport

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: tally-import-bench CSV DATABASE [id|fingerprint]\n".utf8))
    exit(2)
}
var options = ImportOptions(format: "csv")
options.table = "donations"
options.user = "ada"
options.map = ["Date": "donated_at", "Amount": "amount", "Organization": "organization",
               "Reference": arguments.count > 3 && arguments[3] == "fingerprint" ? "" : "external_id"]
let clock = ContinuousClock()
let start = clock.now
do {
    let summary = try Importer.run(options, files: [ImportFile(path: arguments[1], displayName: arguments[1])], databaseAt: arguments[2], dryRun: false)
    print("\(summary.description) in \((clock.now - start).components.seconds) s")
} catch {
    for problem in error.diagnostics { print(problem.description) }
    exit(1)
}
