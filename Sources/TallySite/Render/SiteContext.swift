import TallyTemplates

/// The `site` value every template sees, built and typed once per build from the config.
enum SiteContext {
    static func make(_ config: SiteConfig) -> MapContext {
        MapContext(typed: [
            "title": .cell(Cell(config.title)),
            "description": .cell(Cell(config.description)),
            "base_url": .cell(Cell(config.baseURL)),
            "base_path": .cell(Cell(config.basePath)),
            "language": .cell(Cell(config.language)),
            "currency": .cell(Cell(config.currency.code)),
            "timezone": .cell(Cell(config.timezone.identifier)),
            "users": .list(config.publishedUsers.map { .cell(Cell($0)) }),
            "feeds": .list(config.feeds.map { .map(MapContext(typed: ["title": .cell(Cell($0.title)), "url": .cell(Cell($0.path))])) }),
        ])
    }
}
