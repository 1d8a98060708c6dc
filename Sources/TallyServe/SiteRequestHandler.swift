import FlyingFox
import Foundation

/// Serves the last good build: files below the base path, `/x/` from `x/index.html`, the site's 404 page,
/// and the live-reload events. HTML gets the live-reload script on the way out.
struct SiteRequestHandler: HTTPHandler {
    let state: PreviewStateBox
    /// Random per server run; see `LiveReload.Event.server`.
    let server: String
    /// How long an events request waits for a new build before answering with the current state.
    var longPoll = Duration.seconds(10)

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .GET || request.method == .HEAD else {
            let headers: HTTPHeaders = [.allow: "GET, HEAD"]
            return HTTPResponse(statusCode: .methodNotAllowed, headers: headers)
        }
        let path = request.target.path(percentEncoded: false)
        if path == LiveReload.eventsPath {
            let after = request.query.first { $0.name == "after" }.flatMap { Int($0.value) } ?? -1
            // The script sends `location.pathname`, which is percent-encoded; pages are known by their paths as served.
            let page = request.query.first { $0.name == "page" }
                .flatMap { Self.sitePath(of: $0.value.removingPercentEncoding ?? $0.value, basePath: state.current.basePath) }
            return try events(await state.next(after: after, timeout: longPoll, page: page.map(String.init)))
        }
        let current = state.current
        if current.basePath != "/", path == "/" || path + "/" == current.basePath { return redirect(to: current.basePath) }
        guard let sitePath = Self.sitePath(of: path, basePath: current.basePath) else { return notFound(current, request) }
        let segments = sitePath.split(separator: "/")
        // Hidden entries (a deploy checkout's .git) are not part of the site, and ".." would leave it.
        guard !segments.contains(where: { $0.hasPrefix(".") }) else { return notFound(current, request) }
        var file = current.output
        for segment in segments { file.appendPathComponent(String(segment)) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else { return notFound(current, request) }
        if isDirectory.boolValue {
            guard path.hasSuffix("/") else { return redirect(to: path + "/") }
            file.appendPathComponent("index.html")
        }
        // A page rendered ahead of the build under way is served from memory until the build commits.
        let overlaid = current.overlay.isEmpty ? nil : current.overlay[String(file.path.dropFirst(current.output.path.count + 1))]
        guard let body = overlaid ?? FileManager.default.contents(atPath: file.path) else { return notFound(current, request) }
        return respond(.ok, body: body, type: ContentType.of(file.path), current, request)
    }

    /// `path` from the site's root (`/repo/about/` → `/about/`); nil when it is not below the base path.
    static func sitePath(of path: String, basePath: String) -> Substring? {
        guard basePath != "/" else { return Substring(path) }
        guard path.hasPrefix(basePath) else { return nil }
        return Substring(path).dropFirst(basePath.count - 1)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private func events(_ current: PreviewState) throws -> HTTPResponse {
        let event = LiveReload.Event(generation: current.generation, ok: current.succeeded, errors: current.errors, server: server)
        let headers: HTTPHeaders = [.contentType: "application/json", .cacheControl: "no-store"]
        return HTTPResponse(statusCode: .ok, headers: headers, body: try SiteRequestHandler.encoder.encode(event))
    }

    private func redirect(to location: String) -> HTTPResponse {
        let headers: HTTPHeaders = [.location: location, .cacheControl: "no-store"]
        return HTTPResponse(statusCode: .movedPermanently, headers: headers)
    }

    /// The site's own 404 page (`404.html` or `404/index.html`) when it has one.
    private func notFound(_ current: PreviewState, _ request: HTTPRequest) -> HTTPResponse {
        for name in ["404.html", "404/index.html"] {
            if let body = FileManager.default.contents(atPath: current.output.appendingPathComponent(name).path) {
                return respond(.notFound, body: body, type: ContentType.of(name), current, request)
            }
        }
        let page = "<!DOCTYPE html><title>Not found</title><p>Nothing is built at this address.</p>\n"
        return respond(.notFound, body: Data(page.utf8), type: ContentType.of("404.html"), current, request)
    }

    private func respond(_ status: HTTPStatusCode, body: Data, type: String, _ current: PreviewState, _ request: HTTPRequest) -> HTTPResponse {
        let served = type.hasPrefix("text/html") ? LiveReload.inject(into: body, generation: current.generation, server: server) : body
        let headers: HTTPHeaders = [.contentType: type, .cacheControl: "no-store", .contentLength: String(served.count)]
        return HTTPResponse(statusCode: status, headers: headers, body: request.method == .HEAD ? Data() : served)
    }
}

extension HTTPHeader {
    static let allow = HTTPHeader("Allow")
}
