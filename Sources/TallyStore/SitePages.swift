import GRDB
import GRDBSQLite

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
    ///
    /// Values are bound through SQLite's C API: GRDB's `StatementArguments`, an array of existentials a row, cost
    /// three times SQLite's own insert, and these rows are made while the build waits for the snapshot.
    static func create(in db: Database, pages: [SitePage]) throws {
        try db.execute(sql: schema)
        let page = try db.makeStatement(sql: "INSERT OR IGNORE INTO site_pages VALUES (?, ?, ?, ?, ?, ?, ?)")
        let tag = try db.makeStatement(sql: "INSERT OR IGNORE INTO site_page_tags VALUES (?, ?)")
        for row in pages {
            try insert(page) { handle in
                bind(row.url, 1, handle)
                bind(row.title, 2, handle)
                bind(row.description, 3, handle)
                if let date = row.date { bind(date, 4, handle) } else { sqlite3_bind_null(handle, 4) }
                sqlite3_bind_int64(handle, 5, Int64(row.weight))
                bind(row.file, 6, handle)
                bind(row.section, 7, handle)
            }
            guard sqlite3_changes(db.sqliteConnection) > 0 else { continue }
            for name in row.tags {
                try insert(tag) { handle in
                    bind(row.url, 1, handle)
                    bind(name, 2, handle)
                }
            }
        }
    }

    /// SQLite copies the text (SQLITE_TRANSIENT), so it need not outlive the call.
    private static func bind(_ text: String, _ parameter: Int32, _ handle: SQLiteStatement) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let start = chars.baseAddress, !chars.isEmpty {
                    _ = sqlite3_bind_text(handle, parameter, start, Int32(chars.count), copied)
                } else {
                    _ = sqlite3_bind_text(handle, parameter, "", 0, copied)
                }
            }
        }
    }

    private static let copied = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds a row with `bind`, steps the insert once and resets it; an error is thrown as GRDB would throw it.
    private static func insert(_ statement: Statement, _ bind: (SQLiteStatement) -> Void) throws {
        let handle = statement.sqliteStatement
        bind(handle)
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))),
                                sql: statement.sql)
        }
    }
}
