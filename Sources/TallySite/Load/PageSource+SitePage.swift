import TallyStore

extension PageSource {
    /// This page's row in `site_pages`, or nil for a templated page, whose pages come from the database already.
    ///
    /// A `title` or `description` that holds Mustache tags needs the database to render, so the row gets the
    /// title derived from the URL and an empty description instead.
    var sitePage: SitePage? {
        guard !route.isTemplated else { return nil }
        let url = route.path()
        let plainTitle = title == nil ? frontMatter.title : nil
        let plainDescription = description == nil ? frontMatter.description : nil
        return SitePage(url: url, title: plainTitle ?? PageContext.defaultTitle(url), description: plainDescription ?? "",
                        date: frontMatter.date, weight: frontMatter.weight, file: file, section: section, tags: frontMatter.tags)
    }
}
