import Foundation
import Testing
@testable import TallyImport

/// A Mastodon archive's outbox: public posts in, everything a follower or a mention was meant to see left out.
@Suite struct MastodonImportTests {
    static let actor = "https://mastodon.social/users/ada"
    static let everyone = "https://www.w3.org/ns/activitystreams#Public"
    static let followers = "https://mastodon.social/users/ada/followers"

    static func note(_ id: Int, to: [String], cc: [String], content: String, summary: String? = nil, reply: String? = nil,
                     published: String = "2024-03-05T10:00:00Z") -> String {
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let summaryText = summary.map { "\"\($0)\"" } ?? "null"
        let replyText = reply.map { "\"\($0)\"" } ?? "null"
        let escaped = content.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"id": "\(actor)/statuses/\(id)/activity", "type": "Create", "actor": "\(actor)", "published": "\(published)",
             "to": \(list(to)), "cc": \(list(cc)),
             "object": {"id": "\(actor)/statuses/\(id)", "type": "Note", "summary": \(summaryText), "inReplyTo": \(replyText),
                        "published": "\(published)", "url": "https://mastodon.social/@ada/\(id)", "attributedTo": "\(actor)",
                        "to": \(list(to)), "cc": \(list(cc)), "sensitive": false, "content": "\(escaped)", "attachment": [], "tag": [],
                        "likes": {"type": "Collection", "totalItems": \(id * 2)}, "shares": {"type": "Collection", "totalItems": \(id)}}}
            """
    }

    static func outbox(_ items: [String]) -> String {
        """
        {"@context": "https://www.w3.org/ns/activitystreams", "id": "outbox.json", "type": "OrderedCollection",
         "totalItems": \(items.count), "orderedItems": [
        \(items.joined(separator: ",\n"))
        ]}
        """
    }

    static let archive = outbox([
        note(1, to: [everyone], cc: [followers],
             content: "<p>Gave to <a href=\"https://x.org\">AMF</a> &amp; <span class=\"h-card\"><a href=\"https://m.s/@bob\" class=\"u-url mention\">@<span>bob</span></a></span></p><p>Line one<br>line two <a href=\"https://m.s/tags/giving\" class=\"mention hashtag\" rel=\"tag\">#<span>giving</span></a></p>"),
        note(2, to: [followers], cc: [everyone], content: "<p>unlisted</p>"),
        note(3, to: [followers], cc: [], content: "<p>followers only</p>"),
        note(4, to: ["https://m.s/users/bob"], cc: [], content: "<p>private mention</p>"),
        note(5, to: ["as:Public"], cc: [], content: "<p>a reply</p>", reply: "https://m.s/users/bob/statuses/9"),
        note(6, to: ["Public"], cc: [], content: "<p>&lt;script&gt;alert(1)&lt;/script&gt; {{site.title}} javascript:x</p>", summary: "food, spoilers"),
        """
        {"id": "\(actor)/statuses/7/activity", "type": "Announce", "actor": "\(actor)", "published": "2024-03-06T10:00:00Z",
         "to": ["\(everyone)"], "cc": [], "object": "https://m.s/users/bob/statuses/8"}
        """,
    ])

    static func options(_ change: (inout ImportOptions) -> Void = { _ in }) -> ImportOptions {
        var options = ImportOptions(format: "mastodon")
        options.user = "ada"
        change(&options)
        return options
    }

    @Test func onlyPublicPostsComeInAsPlainTextWithTheirDelivery() throws {
        let fixture = try ImportFixture()
        let summary = try fixture.run(Self.options(), [try fixture.file("outbox.json", Self.archive)]).get()
        #expect(summary.description == "post_deliveries: 2 inserted; posts: 2 inserted; social_accounts: 1 inserted; "
                + "left out: 1 boost, 1 followers-only post, 1 private mention, 1 reply, 1 unlisted post")
        #expect(try fixture.rows("SELECT content, created_at, external_id FROM posts ORDER BY id") == [
            ["\"Gave to AMF & @bob\\n\\nLine one\\nline two #giving\"", "\"2024-03-05T10:00:00Z\"", "\"\(Self.actor)/statuses/1\""],
            ["\"CW: food, spoilers\\n\\n<script>alert(1)</script> {{site.title}} javascript:x\"", "\"2024-03-05T10:00:00Z\"", "\"\(Self.actor)/statuses/6\""],
        ])
        #expect(try fixture.rows("SELECT platform, handle, import_source FROM social_accounts") == [["\"mastodon\"", "\"@ada@mastodon.social\"", "\"mastodon\""]])
        #expect(try fixture.rows("SELECT post_id, account_id, status, published_at, likes, shares FROM post_deliveries ORDER BY post_id") == [
            ["1", "1", "\"published\"", "\"2024-03-05T10:00:00Z\"", "2", "1"], ["2", "1", "\"published\"", "\"2024-03-05T10:00:00Z\"", "12", "6"],
        ])
    }

    @Test func unlistedPostsAndRepliesComeInOnlyWithTheirFlagsAndPrivateOnesNever() throws {
        let fixture = try ImportFixture()
        let options = Self.options { $0.includeUnlisted = true; $0.includeReplies = true }
        let summary = try fixture.run(options, [try fixture.file("outbox.json", Self.archive)]).get()
        #expect(summary.leftOut == ["boosts": 1, "followers-only posts": 1, "private mentions": 1])
        #expect(try fixture.rows("SELECT content FROM posts ORDER BY id").map { $0[0] }.contains("\"unlisted\""))
        #expect(!(try fixture.rows("SELECT content FROM posts").map { $0[0] }.contains { $0.contains("only") || $0.contains("private") }))
    }

    @Test func anArchiveExportedAgainImportsNothingTwice() throws {
        let fixture = try ImportFixture()
        _ = try fixture.run(Self.options(), [try fixture.file("outbox.json", Self.archive)]).get()
        let again = try fixture.run(Self.options(), [try fixture.file("outbox (1).json", Self.archive)]).get()
        #expect(again.description.hasPrefix("post_deliveries: 2 skipped; posts: 2 skipped; social_accounts: 1 skipped"))
    }

    @Test func aBadDateAndAMissingUserAreLocated() throws {
        let fixture = try ImportFixture()
        let broken = Self.outbox([Self.note(1, to: [Self.everyone], cc: [], content: "<p>x</p>", published: "yesterday")])
        #expect(fixture.errors(Self.options(), [try fixture.file("outbox.json", broken)]) == [
            "outbox.json:3:1: error: $.orderedItems[0].object.published: 'yesterday' is not a date and time\n  hint: the archive may be damaged; export it again",
        ])
        #expect(fixture.errors(ImportOptions(format: "mastodon"), [try fixture.file("outbox.json", Self.archive)]) == [
            "outbox.json: error: a Mastodon archive needs the user whose posts these are\n  hint: name the user with --user, such as --user ada",
        ])

        // Every post names the user: one error for the archive, not one a post.
        #expect(fixture.errors(Self.options { $0.user = "adaa" }, [try fixture.file("outbox.json", Self.archive)]) == [
            "outbox.json:3:1: error: $.orderedItems[0]: no user is named 'adaa' (and 2 more rows)\n  hint: did you mean 'ada'? add it with --create-missing, or check --user",
        ])
    }

    @Test(arguments: [
        ("<p>a &amp; b &lt;i&gt;</p>", "a & b <i>"),
        ("<p>one</p><p>two</p>", "one\n\ntwo"),
        ("line<br/>break<br>again", "line\nbreak\nagain"),
        ("<a href=\"https://x.org/path\"><span class=\"invisible\">https://</span><span class=\"ellipsis\">x.org/pa</span><span class=\"invisible\">th</span></a>", "https://x.org/path"),
        ("&#x1F389; &#233;t&#xE9;", "🎉 été"),
    ])
    func postHTMLBecomesTheTextAPersonReads(html: String, text: String) {
        #expect(HTMLText.plain(html) == text)
    }

    @Test func aFileWithoutPostsOrWithOptionsThatDoNotApplyIsRefused() throws {
        let fixture = try ImportFixture()
        #expect(fixture.errors(Self.options(), [try fixture.file("actor.json", "{\"type\": \"Person\", \"items\": []}")]) == [
            "actor.json:1:1: error: the file has no \"orderedItems\" array\n  hint: the file may be cut short or not JSON; check it with: python3 -m json.tool FILE",
        ])
        #expect(fixture.errors(Self.options { $0.table = "posts" }, [try fixture.file("outbox.json", Self.archive)]) == [
            "outbox.json: error: mastodon files go into tables of their own: --table, --map and --set do not apply\n  hint: leave them out; `tally docs import` says which tables each format fills",
        ])
    }
}
