import GRDB
import TallyFormat
import TallyStore

/// `publish_users` that publishes nobody it means to, in a database that has users: a name that is not one of
/// them (a typo gives "No gifts yet" on every page), or an empty list. Each is a warning at the config's
/// `publish_users` line. Unpublished usernames are never printed, since build output lands in public CI logs:
/// only a name within a typo's reach of one that was written is suggested.
enum PublicationWarnings {
    static func check(_ config: SiteConfig, published: SiteDatabase, source: String, configFile: String) -> [Diagnostic] {
        let line = config.publishedUsersLine ?? 1
        let present = Set((try? published.run("SELECT username FROM users").rows.map { $0[0].text }) ?? [])
        let missing = config.publishedUsers.filter { !present.contains($0) }
        guard !missing.isEmpty || config.publishedUsers.isEmpty else { return [] }
        var readOnly = Configuration()
        readOnly.readonly = true
        let everyone = (try? DatabaseQueue(path: source, configuration: readOnly).read { db in
            try db.tableExists("users") ? try String.fetchAll(db, sql: "SELECT username FROM users") : []
        }) ?? []
        // With no users at all there is nothing personal to publish, whatever the list says.
        guard !everyone.isEmpty else { return [] }
        if config.publishedUsers.isEmpty {
            return [Diagnostic(file: configFile, line: line, severity: .warning,
                               message: "publish_users is empty, so none of the database's \(everyone.count) users' gifts, budgets or posts reach the site",
                               hint: "list the usernames whose data may be published: publish_users: [username]")]
        }
        return missing.map { name in
            let suggestion = NameSuggestion.closest(to: name, among: everyone).map { "did you mean '\($0)'? " } ?? ""
            return Diagnostic(file: configFile, line: line, severity: .warning,
                              message: "publish_users names '\(name)', who is not a user in the database, so nothing of theirs is published",
                              hint: suggestion + "usernames are users.username, as written there")
        }
    }
}
