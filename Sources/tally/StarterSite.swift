import Foundation

/// The files `tally init` writes: a small working site over a database with Tally's schema and one example user,
/// whose report page (`content/users/[username].md`) makes `tally report --user example` work at once.
public enum StarterSite {
    public static let databasePath = "data/site.sqlite"

    /// The rows the new database starts with: one example user, one organization and one gift, to replace with yours.
    public static let exampleUser = "example"
    public static let seedSQL = """
        INSERT INTO users (id, username, display_name, bio, created_at)
          VALUES (1, '\(exampleUser)', 'Example Person', 'An example user: replace this row with your own.', '2025-01-01');
        INSERT INTO organizations (id, slug, name, mission, created_at)
          VALUES (1, 'example-charity', 'Example Charity', 'An example organization: replace it with the ones you give to.', '2025-01-01');
        INSERT INTO donations (id, user_id, organization_id, amount_cents, currency, donated_at)
          VALUES (1, 1, 1, 2500, 'USD', '2025-01-15');
        """

    /// A file that is already there; `init` never overwrites.
    public struct Conflict: Error { public let file: String }

    /// Writes the starter files under `root` and returns their relative paths.
    public static func write(to root: URL) throws -> [String] {
        for path in files.keys.sorted() where FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
            throw Conflict(file: path)
        }
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
        return files.keys.sorted()
    }

    static let files: [String: String] = [
        // The output, and the stamp and page record a build leaves beside it (docs/cli.md), are made again by every build.
        ".gitignore": """
            /public/
            /.public.tally-build
            /.public.tally-pages
            /.public.tally-rows
            /.public.tally-rows-source
            /.public.tally-commit
            /.public.tally-folders

            """,
        "tally.yaml": """
            title: My giving site
            description: Organizations we support, built with Tally.
            # Where the site will be served, such as https://you.github.io/site/. With a full address, pages get
            # canonical links and the build writes sitemap.xml; with a sub-path, every site path gets it as a prefix.
            base_url: /
            database: \(databasePath)
            timezone: UTC
            currency: USD
            # Only these users' personal rows (donations, budgets, posts) reach the site: `example` is the starter
            # database's example user. Put your own username here, and `tally report --user NAME` writes your report.
            publish_users: [\(exampleUser)]
            nav:
              - {title: Home, url: /}
              - {title: My giving, url: /users/\(exampleUser)/}
              - {title: About, url: /about/}

            """,
        "content/index.md": """
            ---
            title: Organizations
            description: Every organization in the database.
            ---
            ```sql orgs
            SELECT name, mission, slug, website FROM organizations ORDER BY name
            ```

            {{#orgs}}
            - **{{name}}**: {{mission}}
            {{/orgs}}
            {{^orgs}}
            The database has no organizations yet. Add rows to the `organizations` table (`tally docs database`
            lists its columns), then run `tally build` again.
            {{/orgs}}

            """,
        // The report page of each published user; `tally report --user NAME` writes it as one file.
        "content/users/[username].md": """
            ---
            pages: SELECT url_segment(username) AS username, id AS user_id, display_name FROM users ORDER BY username
            title: "{{params.display_name}}: giving report"
            description: "What {{params.display_name}} gave, and to whom."
            ---
            ```sql totals
            -- One line per currency: amounts in different currencies are never added together.
            SELECT currency, sum(amount_cents) AS total_cents, count(*) AS gifts,
                   CASE count(*) WHEN 1 THEN 'gift' ELSE 'gifts' END AS gifts_noun
            FROM donations WHERE user_id = :user_id GROUP BY currency ORDER BY currency
            ```

            ```sql gifts
            SELECT d.donated_at, o.name, d.amount_cents, d.currency, d.note
            FROM donations d JOIN organizations o ON o.id = d.organization_id
            WHERE d.user_id = :user_id ORDER BY d.donated_at DESC, d.id DESC
            ```

            {{#totals}}
            - {{money(total_cents)}} in {{gifts}} {{gifts_noun}}
            {{/totals}}

            | Date | Organization | Amount | Note |
            |---|---|---:|---|
            {{#gifts}}
            | {{date(donated_at)}} | {{name}} | {{money(amount_cents)}} | {{note}} |
            {{/gifts}}

            {{^gifts}}
            No gifts yet: add rows to the `donations` table with this user's `user_id`.
            {{/gifts}}

            """,
        "content/about.md": """
            ---
            title: About
            description: About this site.
            ---
            This site is generated by Tally from a SQLite database: every page is Markdown with SQL queries in it.

            """,
        "content/404.md": """
            ---
            title: Page not found
            description: There is no page at this address.
            ---
            The page you asked for is not here. It may have moved, or the address may have a typo.

            Go to the [home page](/) or read [about this site](/about/).

            """,
        "templates/default.mustache": """
            <!DOCTYPE html>
            <html lang="{{page.language}}">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{page.title}} · {{site.title}}</title>
            <meta name="description" content="{{page.meta_description}}">
            {{#page.canonical_url}}
            <link rel="canonical" href="{{page.canonical_url}}">
            <meta property="og:url" content="{{page.canonical_url}}">
            {{/page.canonical_url}}
            <meta property="og:type" content="website">
            <meta property="og:site_name" content="{{site.title}}">
            <meta property="og:title" content="{{page.title}}">
            <meta property="og:description" content="{{page.meta_description}}">
            <meta name="twitter:card" content="summary">
            <link rel="icon" href="/favicon.svg" type="image/svg+xml">
            {{#site.feeds}}
            <link rel="alternate" type="application/atom+xml" title="{{title}}" href="{{url}}">
            {{/site.feeds}}
            <link rel="stylesheet" href="/style.css">
            <link rel="stylesheet" href="/charts.css">
            </head>
            <body>
            <nav>{{#page.nav}}<a href="{{url}}"{{#current}} aria-current="page"{{/current}}>{{title}}</a> {{/page.nav}}</nav>
            <main>
            <h1>{{page.title}}</h1>
            {{{content}}}
            </main>
            </body>
            </html>

            """,
        "static/favicon.svg": """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><title>Site</title>\
            <rect width="32" height="32" rx="7" fill="#1d4ed8"/><path d="M10 8v16M16 8v16M22 8v16" stroke="#fff" \
            stroke-width="3" stroke-linecap="round"/></svg>

            """,
        "static/style.css": """
            body { font: 16px/1.6 system-ui, sans-serif; max-width: 44rem; margin: 2rem auto; padding: 0 1rem; color: #1d2433; background: #fff; }
            nav a { margin-right: 1rem; }
            a[aria-current] { font-weight: 600; }
            /* Tally puts each table and code block in a box that takes keyboard focus: wide ones scroll in it, with a
               shadow at each edge where more is hidden (the covers scroll with the content, the shadows stay). */
            .tally-scroll, .tally-table {
              overflow-x: auto; --cover: #fff; --shadow: rgb(0 0 0 / .2);
              background: linear-gradient(to right, var(--cover) 40%, transparent) left / 2rem 100% no-repeat local,
                linear-gradient(to left, var(--cover) 40%, transparent) right / 2rem 100% no-repeat local,
                radial-gradient(farthest-side at 0 50%, var(--shadow), transparent) left / .75rem 100% no-repeat scroll,
                radial-gradient(farthest-side at 100% 50%, var(--shadow), transparent) right / .75rem 100% no-repeat scroll,
                var(--cover);
            }
            /* Cells take their column's alignment from the Markdown table (an inline style that wins over this). */
            table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
            th, td { padding: .35rem .75rem .35rem 0; border-bottom: 1px solid #d5d9e0; text-align: left; vertical-align: top; }
            th { border-bottom-width: 2px; }
            /* The first column is most often a date: "Mar 20, 2025" on one line reads better than on three. */
            td:first-child { white-space: nowrap; }
            /* A table block marks its number and money columns: right-aligned, so their digits line up. */
            th.num, td.num { text-align: right; white-space: nowrap; }
            @media (prefers-color-scheme: dark) {
              body { background: #111418; color: #e6e9ef; } a { color: #8ab4ff; } th, td { border-color: #3a4150; }
              .tally-scroll, .tally-table { --cover: #111418; --shadow: rgb(255 255 255 / .25); }
            }

            """,
    ]
}
