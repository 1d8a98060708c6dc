/// `robots.txt`: lets every crawler in and names the sitemap when there is one.
/// A `static/robots.txt` replaces it, as any static file replaces generated output.
enum RobotsFile {
    static let file = "robots.txt"

    static func text(sitemapURL: String?) -> String {
        "User-agent: *\nDisallow:\n" + (sitemapURL.map { "\nSitemap: \($0)\n" } ?? "")
    }
}
