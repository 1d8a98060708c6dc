import GRDB

/// A Markdown page of the site as pages can query it: one row of `site_pages`, and its `site_page_tags`.
public struct SitePage: Sendable, Equatable {
    public let url: String
    public let title: String
    public let description: String
    public let date: String?
    public let weight: Int
    public let file: String
    public let section: String
    public let tags: [String]

    public init(url: String, title: String, description: String, date: String?, weight: Int, file: String,
                section: String, tags: [String]) {
        self.url = url
        self.title = title
        self.description = description
        self.date = date
        self.weight = weight
        self.file = file
        self.section = section
        self.tags = tags
    }
}

/// The tables the build adds to the published snapshot so pages can list the site's own content, such as
/// every page with a given tag.
enum SitePagesTables {
    /// Names Tally creates in the snapshot; a source database that already uses one is refused.
    static let reservedNames = ["site_pages", "site_page_tags"]

    static let schema = """
        CREATE TABLE site_pages (
          url TEXT NOT NULL PRIMARY KEY,
          title TEXT NOT NULL,
          description TEXT NOT NULL,
          date TEXT,
          weight INTEGER NOT NULL,
          file TEXT NOT NULL,
          section TEXT NOT NULL
        );
        CREATE TABLE site_page_tags (
          url TEXT NOT NULL REFERENCES site_pages,
          tag TEXT NOT NULL,
          PRIMARY KEY (tag, url)
        ) WITHOUT ROWID;
        """

    /// The first reserved name that `db` already uses for a table, view, index or trigger.
    static func collision(in db: Database) throws -> String? {
        let placeholders = databaseQuestionMarks(count: reservedNames.count)
        return try String.fetchOne(db, sql: "SELECT name FROM sqlite_master WHERE lower(name) IN (\(placeholders)) ORDER BY name",
                                   arguments: StatementArguments(reservedNames))
    }

    /// Creates both tables and fills them. A URL given twice keeps its first page; the build reports the duplicate.
    static func create(in db: Database, pages: [SitePage]) throws {
        try db.execute(sql: schema)
        let page = try db.makeStatement(sql: "INSERT OR IGNORE INTO site_pages VALUES (?, ?, ?, ?, ?, ?, ?)")
        let tag = try db.makeStatement(sql: "INSERT OR IGNORE INTO site_page_tags VALUES (?, ?)")
        for row in pages {
            try page.execute(arguments: [row.url, row.title, row.description, row.date, row.weight, row.file, row.section])
            guard db.changesCount > 0 else { continue }
            for name in row.tags { try tag.execute(arguments: [row.url, name]) }
        }
    }
}
