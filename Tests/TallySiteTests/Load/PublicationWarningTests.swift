import Foundation
import Testing
import TallySite
import TallyTestSupport

/// `publish_users` that publishes nobody it means to is a warning at its line, never a silent "No gifts yet".
@Suite struct PublicationWarningTests {
    static let users = """
        INSERT INTO users (id, username, display_name, created_at) VALUES
          (1, 'ada', 'Ada', '2023-01-01'), (2, 'riley', 'Riley', '2023-01-01'), (3, 'sam', 'Sam', '2023-01-01');
        """

    @Test func aNameThatIsNotAUserIsAWarningWithANearMatchOnly() throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: [Ada, bob]\n",
            "content/index.md": "Home\n",
        ], seedSQL: Self.users)
        let summary = try site.build().get()
        #expect(summary.warnings.map(\.description) == [
            "tally.yaml:3:1: warning: publish_users names 'Ada', who is not a user in the database, so nothing of theirs is published\n  hint: did you mean 'ada'? usernames are users.username, as written there",
            "tally.yaml:3:1: warning: publish_users names 'bob', who is not a user in the database, so nothing of theirs is published\n  hint: usernames are users.username, as written there",
        ])
        // Nobody who was not written nearly as they are is named: the output lands in public CI logs.
        #expect(!summary.warnings.map(\.description).joined().contains("riley"))
        #expect(!summary.warnings.map(\.description).joined().contains("sam"))
    }

    @Test func anEmptyListOverADatabaseWithUsersIsAWarningThatNamesNobody() throws {
        let site = try TestSite([
            "tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: []\n",
            "content/index.md": "Home\n",
        ], seedSQL: Self.users)
        #expect(try site.build().get().warnings.map(\.description) == [
            "tally.yaml:3:1: warning: publish_users is empty, so none of the database's 3 users' gifts, budgets or posts reach the site\n  hint: list the usernames whose data may be published: publish_users: [username]",
        ])
    }

    @Test func namesThatAreUsersOrADatabaseWithoutUsersAreFine() throws {
        let published = try TestSite(["tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: [ada, sam]\n",
                                      "content/index.md": "Home\n"], seedSQL: Self.users)
        #expect(try published.build().get().warnings.isEmpty)
        let directory = try TestSite(["tally.yaml": "title: Test\ndatabase: site.sqlite\npublish_users: [ada]\n",
                                      "content/index.md": "Home\n"])
        #expect(try directory.build().get().warnings.isEmpty)
    }
}
