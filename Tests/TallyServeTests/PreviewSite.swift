import FlyingFox
import Foundation
import Synchronization
import TallySite
import TallyStore
@testable import TallyServe
import TallyTestFolder

/// A small site in a temporary folder, served by a real `PreviewServer` for the length of a test.
struct PreviewSite {
    let root: URL

    /// - Parameter seedSQL: rows for the site's database, after the schema.
    init(_ files: [String: String], seedSQL: String = "") throws {
        root = TestFolder.make("tally-serve")
        var all = files
        if all["tally.yaml"] == nil { all["tally.yaml"] = "title: Test\ndatabase: site.sqlite\n" }
        if all["templates/default.mustache"] == nil {
            all["templates/default.mustache"] = "<!DOCTYPE html><title>{{page.title}}</title><body>{{{content}}}</body>\n"
        }
        for (path, text) in all { try write(text, to: path) }
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("site.sqlite").path, seedSQL: seedSQL)
    }

    /// Runs `statements` on the site's database, as an app saving a row would.
    func sql(_ statements: String) throws {
        try DatabaseMigrations.migrate(databaseAt: root.appendingPathComponent("site.sqlite").path, seedSQL: statements)
    }

    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Starts the server on a free port, runs `body`, then stops the server.
    /// - Parameter stamp: `.reuse` builds incrementally, as `tally serve` does.
    /// - Parameter shownAhead: called on the build's thread once the open pages it rendered first are served.
    /// - Parameter timings: makes each rebuild's timings reporter (`tally serve --timings`).
    func serve(stamp: BuildOptions.StampUse = .none, shownAhead: @escaping @Sendable ([OpenPage]) -> Void = { _ in },
               timings: (@Sendable () -> any RebuildTimings)? = nil, _ body: (Connection) async throws -> Void) async throws {
        let console = ConsoleLog()
        var options = BuildOptions(root: root)
        options.stamp = stamp
        var configured = PreviewServer(options: options, port: 0) { line in console.lines.withLock { $0.append(line) } }
        configured.shownAhead = shownAhead
        configured.timings = timings
        let server = configured
        let (bound, listening) = AsyncStream<(UInt16, String)>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run { port, basePath in listening.yield((port, basePath)) } }
            var ports = bound.makeAsyncIterator()
            guard let (port, basePath) = await ports.next() else { return }
            try await body(Connection(port: port, basePath: basePath, log: console))
            group.cancelAll()
        }
    }

    /// Requests to the running server.
    struct Connection {
        let port: UInt16
        let basePath: String
        let log: ConsoleLog

        var console: [String] { log.lines.withLock { $0 } }

        func get(_ path: String, query: [HTTPRequest.QueryItem] = []) async throws -> Response {
            var client = HTTPClient()
            let request = HTTPRequest(method: .GET, version: .http11, path: path, query: query, headers: HTTPHeaders(),
                                      body: HTTPBodySequence(data: Data()))
            let response = try await client.sendHTTPRequest(request, to: try sockaddr_in.inet(ip4: "127.0.0.1", port: port))
            return Response(status: response.statusCode.code, headers: response.headers,
                            body: String(decoding: try await response.bodyData, as: UTF8.self))
        }

        /// - Parameter page: the path of the page asking, as the live-reload script sends it: that page is open.
        func event(after generation: Int, page: String? = nil) async throws -> LiveReload.Event {
            let query: [HTTPRequest.QueryItem] = [.init(name: "after", value: String(generation))] + (page.map { [.init(name: "page", value: $0)] } ?? [])
            let response = try await get(LiveReload.eventsPath, query: query)
            return try JSONDecoder().decode(LiveReload.Event.self, from: Data(response.body.utf8))
        }
    }

    /// What the server printed, one message per entry.
    final class ConsoleLog: Sendable {
        let lines = Mutex<[String]>([])
    }

    struct Response {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        func header(_ name: HTTPHeader) -> String? { headers[name] }
    }
}
