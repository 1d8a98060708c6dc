import TallyTemplates

/// The `404.html` written when the site has no `content/404.md`: a plain page with a link home.
/// Sites style their own by adding `content/404.md`, which renders through the site's layout.
enum NotFoundPage {
    static let file = "404.html"

    static func fallbackHTML(config: SiteConfig) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(escapeHTML(config.language))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <title>Page not found · \(escapeHTML(config.title))</title>
        </head>
        <body>
        <main>
        <h1>Page not found</h1>
        <p>There is no page at this address. <a href="/">Go to the home page of \(escapeHTML(config.title))</a>.</p>
        </main>
        </body>
        </html>

        """
    }
}
