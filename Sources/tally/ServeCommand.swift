import ArgumentParser
import Foundation
import TallySite
import TallyServe

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, serve the site on 127.0.0.1, and rebuild and reload on every change.",
        discussion: """
            Watches the content, templates, static and views folders, the config and the database. Open pages reload \
            after each good build; a failed build prints its diagnostics here and over the page, and the last good \
            build stays served. The site is served under the base path of `base_url`. Ctrl-C stops.
            """)

    @OptionGroup var site: SiteArguments

    @Option(name: .long, help: "The port on 127.0.0.1; 0 picks a free one.")
    var port: UInt16 = 1313

    @Flag(name: .long, help: "Include pages whose front matter says `draft: true`.")
    var drafts = false

    @Flag(name: .long, help: "After each build, print how long each stage and step took, on standard error.")
    var timings = false

    func run() async throws {
        MallocArenas.limitForBuild()
        let reporter = ConsoleReporter()
        guard port == 0 || LocalPort.isFree(port) else {
            reporter.printLine("error: 127.0.0.1:\(port) is already in use\n  hint: stop the server that uses it, or pick another port with --port (0 picks a free one)")
            throw ExitCode.failure
        }
        var options = site.buildOptions(drafts: drafts)
        options.stamp = .reuse
        var configured = PreviewServer(options: options, port: port) { reporter.printLine($0) }
        if timings { configured.timings = { ConsoleReporter(timings: true, showsStages: false) } }
        let server = configured
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await server.run { port, basePath in
                        FileHandle.standardOutput.write(Data("Serving at http://127.0.0.1:\(port)\(basePath) (Ctrl-C to stop)\n".utf8))
                    }
                }
                group.addTask { await Interrupt.wait() }
                try await group.next()
                group.cancelAll()
            }
        } catch is CancellationError {
        } catch {
            // Taken between the check above and the server's own bind, or refused for another reason.
            reporter.printLine("error: cannot serve on 127.0.0.1:\(port): \(error)\n  hint: is another server using the port? try --port 0")
            throw ExitCode.failure
        }
        print("Stopped")
    }
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM, so the server can stop cleanly instead of being killed mid-write.
enum Interrupt {
    static func wait() async {
        let (signals, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        for await _ in signals { break }
        for source in sources { source.cancel() }
    }
}
