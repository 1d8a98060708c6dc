// Builds a site with `SiteBuilder.build` directly and prints each run's wall time: a synchronous program for
// `valgrind --tool=callgrind`, which stops at the `tally` binary's async main (it parks the main thread in
// libdispatch's signal handler, where valgrind 3.19 crashes).
//
// Usage: tally-build-bench SITE_FOLDER OUTPUT_FOLDER [RUNS]
// With TALLY_BENCH_INCREMENTAL=1 each run is incremental, as `tally build` without --force (the stamp, the record,
// the kept snapshot), so one build after a change can be profiled.
import Foundation
import TallySite

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: tally-build-bench SITE_FOLDER OUTPUT_FOLDER [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 1 : 1
let clock = ContinuousClock()
for run in 1...runs {
    let start = clock.now
    var options = BuildOptions(root: URL(fileURLWithPath: arguments[1]), outputPath: arguments[2])
    if ProcessInfo.processInfo.environment["TALLY_BENCH_INCREMENTAL"] == "1" { options.stamp = .reuse }
    switch SiteBuilder.build(options) {
    case .success(let summary):
        print("run \(run): \(summary.pagesRendered) pages, \(summary.filesWritten) files written in \((clock.now - start).seconds) s")
    case .failure(let failure):
        for problem in failure.diagnostics { print(problem.description) }
        exit(1)
    }
}
