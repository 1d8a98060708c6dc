import Foundation
import TallyFormat

/// A Mastodon account archive's `outbox.json`: an ActivityPub `OrderedCollection` whose `orderedItems` are
/// `Create` activities of `Note` objects (posts) and `Announce` activities (boosts).
///
/// Each public post becomes a `posts` row of `--user`, with a `post_deliveries` row on the account's
/// `social_accounts` row, published at the note's `published` time. Boosts and replies are counted and left
/// out (`--replies` keeps replies). The archive marks no post as private (mastodon/mastodon#37946), so the
/// visibility is read from the addressing: `to` holding the public collection is public, only `cc` holding it
/// unlisted (imported with `--unlisted`), the followers collection without it followers-only, and anything else
/// a private mention. Followers-only posts and private mentions are never imported, whatever the flags.
enum MastodonFormat: ImportFormat {
    static let name = "mastodon"
    static let summary = "a Mastodon archive's outbox.json: public posts (with --unlisted, unlisted too) into posts, post_deliveries and social_accounts of --user"
    static let isTabular = false
    static let defaultSource: String? = "mastodon"
    static let publicCollection: Set<String> = ["https://www.w3.org/ns/activitystreams#Public", "as:Public", "Public"]

    /// Who could see a post; the raw value is what the summary counts posts left out as.
    enum Visibility: String {
        case `public` = "public posts", unlisted = "unlisted posts", followers = "followers-only posts", direct = "private mentions"
    }

    static func read(_ file: ImportFile, into session: ImportSession) throws {
        guard let user = session.options.user else {
            throw ImportFailure([Diagnostic(file: file.displayName, message: "a Mastodon archive needs the user whose posts these are",
                                            hint: "name the user with --user, such as --user ada")])
        }
        var accounts: Set<String> = []
        try JSONElements(file: file, layout: .arrayUnderKey("orderedItems")).forEach(progress: session.progress) { element in
            let path = "$.orderedItems[\(element.index)]"
            guard let activity = try JSONFormat.object(element, path: path, in: file, session: session) else { return !session.hasTooManyErrors }
            let location = SourceLocation(file: file.displayName, line: element.line, path: path)
            switch activity["type"] as? String {
            case "Announce":
                session.leaveOut("boosts")
            case "Create":
                try readPost(activity, user: user, at: location, accounts: &accounts, session: session)
            default:
                session.leaveOut("other activities")
            }
            return !session.hasTooManyErrors
        }
    }

    private static func readPost(_ activity: [String: Any], user: String, at location: SourceLocation,
                                 accounts: inout Set<String>, session: ImportSession) throws {
        func fail(_ key: String, _ message: String, hint: String) {
            session.fail(Diagnostic(file: location.file, line: location.line, message: "\(location.path ?? "$").\(key): \(message)", hint: hint))
        }
        guard let note = activity["object"] as? [String: Any], note["type"] as? String == "Note" else {
            session.leaveOut("other activities")
            return
        }
        guard let noteID = note["id"] as? String, let actor = activity["actor"] as? String ?? note["attributedTo"] as? String else {
            fail("object.id", "a post needs its id and its author (actor)", hint: "the archive may be damaged; export it again")
            return
        }
        switch visibility(of: note, activity: activity) {
        case .public: break
        case .unlisted where session.options.includeUnlisted: break
        case let other:
            session.leaveOut(other.rawValue)
            return
        }
        if let reply = note["inReplyTo"], !(reply is NSNull), !session.options.includeReplies {
            session.leaveOut("replies")
            return
        }
        let publishedText = note["published"] as? String ?? activity["published"] as? String ?? ""
        guard let published = DateText.parse(publishedText, as: .dateTime, format: nil) else {
            fail("object.published", "\(Diagnostic.quoted(publishedText)) is not a date and time", hint: "the archive may be damaged; export it again")
            return
        }
        var text = HTMLText.plain(note["content"] as? String ?? "")
        if let warning = note["summary"] as? String, !warning.isEmpty {
            text = "CW: " + warning + "\n\n" + text
        }
        if accounts.insert(actor).inserted {
            try session.record(ContractRecord(table: "social_accounts", values: [
                ("user_id", .user(user)), ("platform", .text("mastodon")), ("handle", .text(handle(of: actor))),
            ], location: location, externalID: actor))
        }
        try session.record(ContractRecord(table: "posts", values: [
            ("user_id", .user(user)), ("content", .text(text)), ("created_at", .text(published)),
        ], location: location, externalID: noteID))
        try session.record(ContractRecord(table: "post_deliveries", values: [
            ("post_id", .record(table: "posts", externalID: noteID)), ("account_id", .record(table: "social_accounts", externalID: actor)),
            ("status", .text("published")), ("published_at", .text(published)),
            ("likes", .integer(count(note["likes"]))), ("shares", .integer(count(note["shares"]))),
        ], location: location))
    }

    /// A `likes` or `shares` collection's `totalItems`, which newer archives give; 0 where they do not.
    private static func count(_ collection: Any?) -> Int64 {
        ((collection as? [String: Any])?["totalItems"] as? NSNumber).map { $0.int64Value } ?? 0
    }

    /// Who a note is addressed to decides who could see it (Mastodon's own rules).
    static func visibility(of note: [String: Any], activity: [String: Any]) -> Visibility {
        let to = addresses(note["to"] ?? activity["to"]), cc = addresses(note["cc"] ?? activity["cc"])
        if !to.isDisjoint(with: publicCollection) { return .public }
        if !cc.isDisjoint(with: publicCollection) { return .unlisted }
        if to.union(cc).contains(where: { $0.hasSuffix("/followers") }) { return .followers }
        return .direct
    }

    private static func addresses(_ value: Any?) -> Set<String> {
        if let one = value as? String { return [one] }
        return Set((value as? [Any] ?? []).compactMap { $0 as? String })
    }

    /// `https://mastodon.social/users/ada` → `@ada@mastodon.social`; any other address as it is.
    static func handle(of actor: String) -> String {
        guard let url = URL(string: actor), let host = url.host, let name = url.pathComponents.last, url.pathComponents.count >= 3 else { return actor }
        return "@\(name)@\(host)"
    }
}
