// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Tally",
    // macOS 15 for the Synchronization module's Mutex and Atomic.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tally", targets: ["tally"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // swift-mustache 2.1.1 with name lookups made cheap: Vendor/swift-mustache/PATCHES.md.
        .package(path: "Vendor/swift-mustache"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(name: "CCMarkGFM", path: "Sources/CCMarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // libcsv has no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CCSV", path: "Sources/CCSV", providers: [.apt(["libcsv-dev"])]),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .target(name: "CTallySystem"),
        // Keeps cmark-gfm's inline characters set across threads (github/cmark-gfm#176): see inline_characters.c.
        .target(name: "CMarkGFMSupport"),
        .target(name: "TallyFormat"),
        .target(name: "TallyCharts", dependencies: ["TallyFormat"]),
        .target(name: "TallyMarkdown", dependencies: ["CCMarkGFM", "CMarkGFMSupport"]),
        .target(name: "TallyStore", dependencies: [
            "TallyFormat", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        .target(name: "TallyTemplates", dependencies: [
            "TallyFormat", "TallyMarkdown", .product(name: "Mustache", package: "swift-mustache"),
        ]),
        .target(name: "TallyHTML"),
        // The importer behind `tally import` and `sources:`: a leaf that writes contract rows through TallyStore.
        .target(name: "TallyImport", dependencies: [
            "CCSV", "CLibXML2", "CTallySystem", "TallyFormat", "TallyHTML", "TallyStore",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            .product(name: "Yams", package: "Yams"),
        ]),
        .target(name: "TallySite", dependencies: [
            "CTallySystem", "TallyCharts", "TallyHTML", "TallyFormat", "TallyImport", "TallyMarkdown", "TallyStore", "TallyTemplates",
            .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Yams", package: "Yams"),
        ]),
        // Consumers of the pipeline, one per command: TallySite knows nothing of them.
        .target(name: "TallyCheck", dependencies: ["TallySite", "TallyHTML", "TallyStore", "TallyFormat"]),
        .target(name: "TallyReport", dependencies: ["TallySite", "TallyHTML"]),
        .target(name: "TallyServe", dependencies: ["TallySite", .product(name: "FlyingFox", package: "FlyingFox")]),
        .executableTarget(name: "tally", dependencies: [
            "TallySite", "TallyCheck", "TallyImport", "TallyReport", "TallyServe", "TallyStore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "tally-chart-bench", dependencies: ["TallyCharts"], path: "Benchmarks/ChartBench"),
        .executableTarget(name: "tally-build-bench", dependencies: ["TallySite"], path: "Benchmarks/BuildBench"),
        .executableTarget(name: "tally-digest-bench", dependencies: ["TallyStore"], path: "Benchmarks/DigestBench"),
        .executableTarget(name: "tally-import-bench", dependencies: ["TallyImport"], path: "Benchmarks/ImportBench"),
        .testTarget(name: "TallyFormatTests", dependencies: ["TallyFormat"]),
        .testTarget(name: "TallyChartsTests", dependencies: [
            "TallyCharts", .product(name: "PropertyBased", package: "swift-property-based"),
        ], exclude: ["Snapshots"]),
        .testTarget(name: "TallyMarkdownTests", dependencies: ["TallyMarkdown"]),
        .testTarget(name: "TallyStoreTests", dependencies: [
            "TallyStore", "TallyTestFolder", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        .testTarget(name: "TallyTemplatesTests", dependencies: ["TallyTemplates", "TallyMarkdown"]),
        .testTarget(name: "TallyHTMLTests", dependencies: ["TallyHTML", "TallyTestFolder"]),
        .testTarget(name: "TallyImportTests", dependencies: [
            "TallyImport", "TallyStore", "TallyFormat", "TallyTestFolder", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // Temporary folders that every test target uses, removed when the test process ends.
        .target(name: "TallyTestFolder", path: "Tests/TallyTestFolder"),
        // Small sites written to temporary folders, and the repository's example site, for the tests above TallyStore.
        .target(name: "TallyTestSupport", dependencies: ["TallySite", "TallyStore", "TallyTestFolder"], path: "Tests/TallyTestSupport"),
        .testTarget(name: "TallySiteTests", dependencies: [
            "CTallySystem", "TallyHTML", "TallySite", "TallyStore", "TallyMarkdown", "TallyTestSupport", "TallyTestFolder",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "TallyCheckTests", dependencies: ["TallyCheck", "TallySite", "TallyTestSupport"]),
        .testTarget(name: "TallyReportTests", dependencies: ["TallyReport", "TallySite", "TallyTestSupport", "TallyTestFolder"]),
        .testTarget(name: "TallyServeTests", dependencies: [
            "TallyServe", "TallySite", "TallyStore", "TallyTestFolder", .product(name: "FlyingFox", package: "FlyingFox"),
        ]),
        .testTarget(name: "TallyCLITests", dependencies: ["tally", "TallyTestFolder"]),
    ]
)
