import GRDB

/// The database contract, versions 1 to 3 and 5, exactly as `docs/database.md` documents it.
///
/// Shipped migrations are never edited: a later version adds a new migration
/// (columns may be added; none of these is ever renamed or retyped).
package enum Schema {
    /// The contract's table names, read from the migrations that create tables.
    static let tableNames: Set<String> = Set([version1, version3, version5].joined(separator: "\n").split(separator: "\n").compactMap { line in
        let words = line.split(whereSeparator: { $0 == " " || $0 == "(" })
        return words.count > 2 && words[0] == "CREATE" && words[1] == "TABLE" ? String(words[2]).lowercased() : nil
    })

    static let version1 = """
        CREATE TABLE organizations (
          id INTEGER PRIMARY KEY,
          slug TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          mission TEXT NOT NULL DEFAULT '',
          description TEXT NOT NULL DEFAULT '',
          website TEXT,
          donate_url TEXT,
          logo TEXT,
          city TEXT,
          region TEXT,
          country TEXT,
          rating REAL,
          verified INTEGER NOT NULL DEFAULT 0,
          minimum_donation_cents INTEGER NOT NULL DEFAULT 100,
          impact_unit TEXT,
          cost_per_unit_cents INTEGER,
          created_at TEXT NOT NULL
        );
        CREATE TABLE organization_tags (
          organization_id INTEGER NOT NULL REFERENCES organizations,
          tag TEXT NOT NULL,
          PRIMARY KEY (organization_id, tag)
        );
        CREATE TABLE organization_media (
          id INTEGER PRIMARY KEY,
          organization_id INTEGER NOT NULL REFERENCES organizations,
          kind TEXT NOT NULL,
          url TEXT NOT NULL,
          caption TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          username TEXT NOT NULL UNIQUE,
          display_name TEXT NOT NULL DEFAULT '',
          email TEXT,
          zipcode TEXT,
          party TEXT,
          bio TEXT NOT NULL DEFAULT '',
          pledge_percent REAL,
          created_at TEXT NOT NULL
        );
        CREATE TABLE donations (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          organization_id INTEGER NOT NULL REFERENCES organizations,
          amount_cents INTEGER NOT NULL,
          currency TEXT NOT NULL DEFAULT 'USD',
          donated_at TEXT NOT NULL,
          recurring INTEGER NOT NULL DEFAULT 0,
          note TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE incomes (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          month TEXT NOT NULL,
          amount_cents INTEGER NOT NULL,
          currency TEXT NOT NULL DEFAULT 'USD',
          source TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE budget_categories (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          parent_id INTEGER REFERENCES budget_categories,
          name TEXT NOT NULL,
          color TEXT,
          monthly_limit_cents INTEGER NOT NULL DEFAULT 0,
          notes TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE expenses (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          category_id INTEGER NOT NULL REFERENCES budget_categories,
          name TEXT NOT NULL,
          amount_cents INTEGER NOT NULL,
          currency TEXT NOT NULL DEFAULT 'USD',
          spent_on TEXT NOT NULL,
          notes TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE representatives (
          id TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          party TEXT,
          state TEXT,
          district TEXT,
          chamber TEXT NOT NULL,
          position TEXT NOT NULL DEFAULT '',
          photo TEXT,
          website TEXT
        );
        CREATE TABLE user_representatives (
          user_id INTEGER NOT NULL REFERENCES users,
          representative_id TEXT NOT NULL REFERENCES representatives,
          PRIMARY KEY (user_id, representative_id)
        );
        CREATE TABLE bills (
          id TEXT PRIMARY KEY,
          title TEXT NOT NULL,
          summary TEXT NOT NULL DEFAULT '',
          chamber TEXT NOT NULL,
          status TEXT NOT NULL,
          introduced_on TEXT,
          last_action_on TEXT,
          url TEXT
        );
        CREATE TABLE bill_votes (
          bill_id TEXT NOT NULL REFERENCES bills,
          representative_id TEXT NOT NULL REFERENCES representatives,
          vote TEXT NOT NULL,
          voted_on TEXT,
          PRIMARY KEY (bill_id, representative_id)
        );
        CREATE TABLE questions (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          representative_id TEXT NOT NULL REFERENCES representatives,
          text TEXT NOT NULL,
          votes INTEGER NOT NULL DEFAULT 0,
          asked_at TEXT NOT NULL,
          answer TEXT,
          answered_at TEXT
        );
        CREATE TABLE social_accounts (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          platform TEXT NOT NULL,
          handle TEXT NOT NULL,
          auth_token TEXT
        );
        CREATE TABLE posts (
          id INTEGER PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users,
          content TEXT NOT NULL,
          created_at TEXT NOT NULL,
          scheduled_for TEXT,
          donation_id INTEGER REFERENCES donations
        );
        CREATE TABLE post_deliveries (
          post_id INTEGER NOT NULL REFERENCES posts,
          account_id INTEGER NOT NULL REFERENCES social_accounts,
          status TEXT NOT NULL,
          published_at TEXT,
          likes INTEGER NOT NULL DEFAULT 0,
          shares INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (post_id, account_id)
        );
        """

    /// The tables whose rows an import can only tell apart by where they came from: they have an integer `id` and
    /// no natural key. Version 2 gives each `import_source` (what the row was imported from: a file name, `mastodon`) and
    /// `external_id` (the row's id there, or a fingerprint of its values), unique together, so importing the same
    /// file twice changes nothing.
    package static let importKeyedTables: Set<String> = ["organizations", "organization_media", "donations", "incomes", "budget_categories", "expenses", "questions", "social_accounts", "posts"]

    static let version2 = """
        ALTER TABLE organizations ADD COLUMN import_source TEXT;
        ALTER TABLE organizations ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX organizations_import_key ON organizations (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE organization_media ADD COLUMN import_source TEXT;
        ALTER TABLE organization_media ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX organization_media_import_key ON organization_media (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE donations ADD COLUMN import_source TEXT;
        ALTER TABLE donations ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX donations_import_key ON donations (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE incomes ADD COLUMN import_source TEXT;
        ALTER TABLE incomes ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX incomes_import_key ON incomes (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE budget_categories ADD COLUMN import_source TEXT;
        ALTER TABLE budget_categories ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX budget_categories_import_key ON budget_categories (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE expenses ADD COLUMN import_source TEXT;
        ALTER TABLE expenses ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX expenses_import_key ON expenses (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE questions ADD COLUMN import_source TEXT;
        ALTER TABLE questions ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX questions_import_key ON questions (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE social_accounts ADD COLUMN import_source TEXT;
        ALTER TABLE social_accounts ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX social_accounts_import_key ON social_accounts (import_source, external_id) WHERE external_id IS NOT NULL;
        ALTER TABLE posts ADD COLUMN import_source TEXT;
        ALTER TABLE posts ADD COLUMN external_id TEXT;
        CREATE UNIQUE INDEX posts_import_key ON posts (import_source, external_id) WHERE external_id IS NOT NULL;
        """

    /// Congress as the chambers publish it: every roll call as a record of its own, each member's position on it,
    /// and the official roster's fields on `representatives`. `bill_votes` (one vote per member per bill, version
    /// 1) stays as it is, so existing sites keep working; `tally import house-vote` and `senate-vote` write here.
    static let version3 = """
        ALTER TABLE representatives ADD COLUMN bioguide_id TEXT;
        ALTER TABLE representatives ADD COLUMN lis_id TEXT;
        ALTER TABLE representatives ADD COLUMN official_name TEXT;
        ALTER TABLE representatives ADD COLUMN phone TEXT;
        ALTER TABLE representatives ADD COLUMN office TEXT;
        ALTER TABLE representatives ADD COLUMN contact_form TEXT;
        ALTER TABLE representatives ADD COLUMN term_start TEXT;
        ALTER TABLE representatives ADD COLUMN term_end TEXT;
        ALTER TABLE representatives ADD COLUMN source TEXT NOT NULL DEFAULT '';
        CREATE UNIQUE INDEX representatives_bioguide_id ON representatives (bioguide_id) WHERE bioguide_id IS NOT NULL;
        CREATE UNIQUE INDEX representatives_lis_id ON representatives (lis_id) WHERE lis_id IS NOT NULL;
        CREATE TABLE roll_calls (
          id INTEGER PRIMARY KEY,
          chamber TEXT NOT NULL,
          congress INTEGER NOT NULL,
          session INTEGER NOT NULL,
          number INTEGER NOT NULL,
          voted_at TEXT NOT NULL,
          question TEXT NOT NULL DEFAULT '',
          vote_type TEXT NOT NULL DEFAULT '',
          required_majority TEXT NOT NULL DEFAULT '',
          result TEXT NOT NULL DEFAULT '',
          passed INTEGER,
          bill_id TEXT REFERENCES bills,
          bill_number TEXT,
          amendment TEXT,
          description TEXT NOT NULL DEFAULT '',
          yea_count INTEGER NOT NULL DEFAULT 0,
          nay_count INTEGER NOT NULL DEFAULT 0,
          present_count INTEGER NOT NULL DEFAULT 0,
          not_voting_count INTEGER NOT NULL DEFAULT 0,
          tie_breaker_by TEXT,
          tie_breaker_vote TEXT,
          source_file TEXT NOT NULL DEFAULT '',
          source TEXT NOT NULL DEFAULT '',
          UNIQUE (chamber, congress, session, number)
        );
        CREATE TABLE roll_call_positions (
          roll_call_id INTEGER NOT NULL REFERENCES roll_calls,
          representative_id TEXT NOT NULL REFERENCES representatives,
          position TEXT NOT NULL,
          vote TEXT NOT NULL,
          party TEXT,
          PRIMARY KEY (roll_call_id, representative_id)
        );
        """

    /// Gives a copy of a database (the published snapshot) version 2's import keys where it lacks them, whatever
    /// made it, so `sources:` can be imported into a database that was never migrated by Tally.
    static func addImportKeys(_ db: Database) throws {
        for table in importKeyedTables.sorted() where try db.tableExists(table) {
            let columns = try db.columns(in: table).map(\.name)
            guard !columns.contains("import_source"), !columns.contains("external_id") else { continue }
            try db.execute(sql: """
                ALTER TABLE \(table) ADD COLUMN import_source TEXT;
                ALTER TABLE \(table) ADD COLUMN external_id TEXT;
                CREATE UNIQUE INDEX \(table)_import_key ON \(table) (import_source, external_id) WHERE external_id IS NOT NULL;
                """)
        }
    }
}
