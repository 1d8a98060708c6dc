import TallyTemplates

/// The `site` value every template sees, built once per build from the config.
enum SiteContext {
    static func make(_ config: SiteConfig) -> MapContext {
        MapContext([
            "title": Cell(config.title),
            "description": Cell(config.description),
            "base_url": Cell(config.baseURL),
            "base_path": Cell(config.basePath),
            "language": Cell(config.language),
            "currency": Cell(config.currency.code),
            "timezone": Cell(config.timezone.identifier),
            "users": config.publishedUsers.map { Cell($0) },
            "feeds": config.feeds.map { MapContext(["title": Cell($0.title), "url": Cell($0.path)]) },
        ])
    }
}
