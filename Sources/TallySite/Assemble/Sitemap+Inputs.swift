import TallyStore

extension Sitemap {
    /// A digest of what the sitemap is made from besides the shared inputs (the config's `base_url` among them, which
    /// make it again whenever they change): each URL of the plan, its listing pages' included, with what the sitemap
    /// writes after it, or that it leaves it out (`listedPages`). The same pages give the same digest in any order: each
    /// URL's digest is added up rather than the URLs sorted, which for 30,000 pages cost about as much as making the file.
    static func inputs(plan: PagePlan, sources: [PageSource]) -> String {
        let listed = listedPages(sources).map { entry -> UInt128 in
            var digest = ContentDigest()
            if let entry { digest.add(entry) } else { digest.add(UInt8(0xff)) }
            return digest.number
        }
        var sum: UInt128 = 0
        var count: UInt64 = 0
        for pages in [plan.owners, plan.listingPages] {
            for (path, owner) in pages {
                var digest = ContentDigest()
                digest.add(path)
                digest.add(UInt64(truncatingIfNeeded: listed[Int(owner.sourceIndex)]))
                digest.add(UInt64(truncatingIfNeeded: listed[Int(owner.sourceIndex)] >> 64))
                sum &+= digest.number
                count += 1
            }
        }
        var total = ContentDigest()
        total.add(count)
        total.add(UInt64(truncatingIfNeeded: sum))
        total.add(UInt64(truncatingIfNeeded: sum >> 64))
        total.add(UInt64(urlsPerFile))
        return total.hex
    }
}
