/// Where the rows of a snapshot updated from the kept one can differ from the kept snapshot's: for each database
/// table whose own rows changed, the runs of rowids (`SourceDigests.chunks`) whose digest changed. Outside them the
/// database's rows are those the kept snapshot was made from, and with the same tables deciding their scrub they
/// were scrubbed to the same rows, so `SiteDatabase.rowChanges` walks these runs alone rather than the whole table.
package struct ChangedRuns: Sendable {
    /// The kept snapshot's stamp (`KeptSnapshot.stamp`) when it was copied: the runs hold against that file only.
    let keptStamp: String
    /// Table (ASCII-lowercased) → its changed runs, in order. A table missing here is walked whole.
    package let runs: [String: [Int64]]

    /// - Parameters:
    ///   - recorded: the digests the kept snapshot was made from.
    ///   - now: the digests of the rows this snapshot copied.
    ///
    /// A table another changed table decides the scrub of (every table when `users` changed, as if every table were a
    /// personal one) may have lost or regained rows outside its changed runs: it gets no runs. Nor does a table whose
    /// private column could not be dropped (`SnapshotUpdate.tablesBlanked`): it is blanked with NULL, or with '' where a
    /// constraint refuses NULL for any row, so one changed row can change the blank of every other.
    init(keptStamp: String, recorded: SourceDigests, now: SourceDigests, blanked: Set<String>) {
        self.keptStamp = keptStamp
        let changed = now.changedTables(since: recorded)
        let lowercased = Set(changed.map(SQLText.asciiLowercased))
        let everyTable = Set(now.tables.keys.map(SQLText.asciiLowercased))
        var runs: [String: [Int64]] = [:]
        for table in changed {
            let name = SQLText.asciiLowercased(table)
            guard !blanked.contains(name), !PublishedSnapshot.scrubbedWith(lowercased.subtracting([name]), personalTables: everyTable).contains(name),
                  let found = now.changedChunks(of: table, since: recorded) else { continue }
            runs[name] = found
        }
        self.runs = runs
    }

    /// The WHERE clauses that bound a walk of `table` to its changed runs, one a run; nil when it must be walked whole.
    func bounds(of table: String) -> [String]? {
        runs[SQLText.asciiLowercased(table)].map { $0.map(Self.bound) }
    }

    /// ` WHERE rowid >= start AND rowid < end` for one run of `SourceDigests.chunkShift` bits.
    static func bound(_ run: Int64) -> String {
        // The last run has no end: one past it does not fit in 64 bits.
        let end = run < Int64.max >> SourceDigests.chunkShift ? " AND rowid < \((run + 1) << SourceDigests.chunkShift)" : ""
        return " WHERE rowid >= \(run << SourceDigests.chunkShift)" + end
    }
}
