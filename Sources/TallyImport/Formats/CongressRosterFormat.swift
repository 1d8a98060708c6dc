import Foundation
import GRDB
import TallyFormat
import Yams

/// The members of Congress as the public-domain congress-legislators project publishes them
/// (`legislators-current.yaml`): for each, `id` (`bioguide`, and `lis` for senators), `name` and `terms`. A member
/// is keyed by bioguide id, with the LIS id attached, and takes the party, state, district, website, phone, office
/// and contact form of the current (last) term. An at-large seat (district 0) is `At-Large`; a member already in the
/// database keeps its `position`, since the roster names no leadership post.
enum CongressRosterFormat: ImportFormat {
    static let name = "congress-roster"
    static let summary = "congress-legislators' legislators-current.yaml into representatives (bioguide and LIS ids, current term, contact)"
    static let isTabular = false
    static let defaultSource: String? = "congress-legislators"
    static let settableColumns = ["source"]
    static let territories: Set<String> = ["AS", "DC", "GU", "MP", "VI"]

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        guard let text = try? String(contentsOfFile: file.path, encoding: .utf8) else {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "cannot read the file as UTF-8 text", hint: "check the path")])
        }
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else { return }
            root = composed
        } catch let error as YamlError {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "the file is not valid YAML: \(error)",
                                            hint: "download legislators-current.yaml again")])
        }
        guard let legislators = root.sequence else {
            throw ImportFailure([Diagnostic(file: file.displayName, line: root.mark?.line ?? 1, message: "the roster is not a list of legislators",
                                            hint: "this format reads congress-legislators' legislators-current.yaml")])
        }
        for legislator in legislators {
            try readLegislator(legislator, file: file, session: session)
            if session.hasTooManyErrors { return }
        }
    }

    private static func readLegislator(_ node: Node, file: ImportFile, session: ImportSession) throws {
        let line = node.mark?.line ?? 1
        func fail(_ message: String) {
            session.fail(Diagnostic(file: file.displayName, line: line, message: message, hint: "the roster may be damaged; download it again"))
        }
        guard let bioguide = node["id"]?["bioguide"]?.string, !bioguide.isEmpty else { return fail("a legislator has no id.bioguide") }
        guard let term = node["terms"]?.sequence?.last, let type = term["type"]?.string, let state = term["state"]?.string else {
            return fail("legislator \(bioguide) has no current term with a type and a state")
        }
        let lis = node["id"]?["lis"]?.string
        let name = node["name"]?["official_full"]?.string
            ?? [node["name"]?["first"]?.string, node["name"]?["last"]?.string].compactMap { $0 }.joined(separator: " ")
        let isSenator = type == "sen"
        let district = term["district"]?.string.map { $0 == "0" ? "At-Large" : $0 }
        let position = isSenator ? "Senator" : state == "PR" ? "Resident Commissioner" : territories.contains(state) ? "Delegate" : "Representative"
        let existing = try String.fetchOne(session.writer.db, sql: """
            SELECT id FROM representatives WHERE bioguide_id = ? OR (? IS NOT NULL AND lis_id = ?) OR id = ? ORDER BY bioguide_id IS NULL LIMIT 1
            """, arguments: [bioguide, lis, lis, bioguide])
        func text(_ value: String?) -> ImportValue { value.map(ImportValue.text) ?? .null }
        var record = ContractRecord(table: "representatives", values: [
            ("id", .text(existing ?? bioguide)), ("name", .text(name)), ("official_name", text(node["name"]?["official_full"]?.string)),
            ("party", text(term["party"]?.string.map(RosterParty.letter))), ("state", .text(state)), ("district", isSenator ? .null : text(district)),
            ("chamber", .text(isSenator ? "senate" : "house")), ("position", .text(position)), ("website", text(term["url"]?.string)),
            ("bioguide_id", .text(bioguide)), ("lis_id", text(lis)), ("phone", text(term["phone"]?.string)),
            ("office", text(term["address"]?.string ?? term["office"]?.string)), ("contact_form", text(term["contact_form"]?.string)),
            ("term_start", text(term["start"]?.string)), ("term_end", text(term["end"]?.string)), ("source", .text(session.options.set["source"] ?? "congress-legislators")),
        ], location: SourceLocation(file: file.displayName, line: line))
        // The roster knows the office, not a leadership post (Speaker, whip): a member already in the database
        // keeps the position it has.
        record.insertOnly = ["position"]
        try session.record(record)
    }
}
