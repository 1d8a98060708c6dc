// Times what an incremental build adds to every build that renders: a published snapshot's table digests
// (`SiteDatabase.contentDigests`), one run after another, and prints each table's rows beside the time.
//
// Usage: tally-digest-bench DATABASE [RUNS]   (publishes the user ada, as the example site does)
import Foundation
import TallyStore

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: tally-digest-bench DATABASE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let database = try SiteDatabase(path: arguments[1], policy: PublicationPolicy(publishedUsers: ["ada"]))
let tables = database.tableNames()
let rows = (try? database.run("SELECT count(*) FROM donations").rows.first?.first) ?? nil
print("\(tables.count) tables and views; donations: \(rows.map { "\($0)" } ?? "-") rows")
let clock = ContinuousClock()
for run in 1...runs {
    let start = clock.now
    let all = database.contentDigests(of: Set(tables.map { $0.lowercased() }))
    let allTime = clock.now - start
    let one = clock.now
    _ = database.contentDigests(of: ["donations"])
    print("run \(run): every table (\(all.count)) \(allTime), donations alone \(clock.now - one)")
}
