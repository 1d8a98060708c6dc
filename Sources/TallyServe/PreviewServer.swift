import FlyingFox
import Foundation
import TallySite

/// `tally serve`: builds the site, serves the output on 127.0.0.1, and rebuilds when its inputs change.
///
/// A failed rebuild leaves the last good output in place (the build only swaps in a complete site), so the
/// server keeps serving it; the diagnostics go to the console and, through the live-reload script, over the page.
/// The pages open in a browser, which their scripts name, render first in each rebuild and are served from memory
/// until the build commits (`PublishOnCommit.showAhead`): a saved row shows on the open page before the rest of the
/// site is built.
public struct PreviewServer: Sendable {
    let options: BuildOptions
    let port: UInt16
    /// Receives build results and diagnostics, one message at a time.
    let console: @Sendable (String) -> Void
    /// How often the inputs are compared with the last look.
    var pollInterval = Duration.milliseconds(100)
    /// Called on the build's thread once the open pages it rendered first are served, before the build goes on: tests
    /// hold the build here to look at the server between the two.
    var shownAhead: @Sendable ([OpenPage]) -> Void = { _ in }
    /// `tally serve --timings`: makes the reporter of one rebuild, which is told every stage and step, then `finish`ed
    /// once the build returns.
    public var timings: (@Sendable () -> any RebuildTimings)?

    /// - Parameter port: 0 picks a free port; `run` reports the one it got.
    public init(options: BuildOptions, port: UInt16, console: @escaping @Sendable (String) -> Void) {
        var options = options
        // Every rebuild goes on from what the last one kept: its snapshot open, its content files loaded, its record.
        options.memory = BuildMemory()
        self.options = options
        self.port = port
        self.console = console
    }

    /// Builds, then serves and rebuilds until the task is cancelled.
    /// - Parameter listening: called once the socket listens, with its port and the base path the site is served under.
    public func run(listening: @escaping @Sendable (_ port: UInt16, _ basePath: String) -> Void = { _, _ in }) async throws {
        let initial = (try? options.loadConfig().get()) ?? SiteConfig()
        let state = PreviewStateBox(PreviewState(output: options.outputFolder(initial), basePath: initial.basePath))
        let config = await rebuild(initial, state)
        let serverID = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled,
                                handler: SiteRequestHandler(state: state, server: serverID))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            group.addTask {
                try await server.waitUntilListening()
                if case .ip4(_, let boundPort) = await server.listeningAddress { listening(boundPort, state.current.basePath) }
                try await watch(config, state)
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Polls the inputs; after a change, waits until they are still for one interval (editors save in steps), then rebuilds.
    private func watch(_ initial: SiteConfig, _ state: PreviewStateBox) async throws {
        var config = initial
        var inputs = options.inputs(config)
        var last = FileStamps(of: inputs)
        while true {
            try await Task.sleep(for: pollInterval)
            var now = FileStamps(of: inputs)
            guard now != last else { continue }
            let changed = last.firstChange(to: now) ?? ""
            while true {
                try await Task.sleep(for: pollInterval)
                let again = FileStamps(of: inputs)
                if again == now { break }
                now = again
            }
            let root = options.root.standardizedFileURL.path + "/"
            console("Changed: \(changed.hasPrefix(root) ? String(changed.dropFirst(root.count)) : changed); rebuilding")
            config = await rebuild(config, state)
            if options.inputs(config) != inputs {
                inputs = options.inputs(config)
                now = FileStamps(of: inputs)
            }
            last = now
        }
    }

    /// Builds once and publishes the result; returns the config to use from now on (the old one if the new fails to load).
    private func rebuild(_ config: SiteConfig, _ state: PreviewStateBox) async -> SiteConfig {
        let loaded = (try? options.loadConfig().get()) ?? config
        let clock = ContinuousClock()
        let start = clock.now
        var options = self.options
        let timer = timings?()
        let publisher = PublishOnCommit(state: state, basePath: loaded.basePath, timings: timer)
        let open = state.openPages
        if !open.isEmpty {
            let console = self.console, shownAhead = self.shownAhead
            options.openPages = OpenPages.Request(paths: open) { pages in
                let changed = publisher.showAhead(pages)
                if !changed.isEmpty {
                    console("Showing \(changed.map(\.path).joined(separator: ", ")) ahead of the build, \((clock.now - start).seconds) s after the change was seen")
                }
                shownAhead(pages)
            }
        }
        // The build blocks its thread and renders on every core, so it runs outside the cooperative pool.
        let result = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [options] in continuation.resume(returning: SiteBuilder.build(options, progress: publisher)) }
        }
        timer?.finish()
        switch result {
        case .success(let summary):
            publisher.publish(summary.output)
            for warning in summary.warnings { console(warning.description) }
            // An incremental build keeps the pages whose inputs did not change (docs/cli.md#tally-build).
            let kept = summary.pagesKept == 0 ? "" : " (\(summary.pagesRendered - summary.pagesKept) rendered, \(summary.pagesKept) kept)"
            // The tables whose rows changed, copied into the kept snapshot (`SnapshotUpdate`): what a saved row cost.
            let updated = summary.snapshotUpdate.map(\.tablesCopied).flatMap { $0.isEmpty ? nil : "; \($0.joined(separator: ", ")) updated" } ?? ""
            console("Built \(counted(summary.pagesRendered, "page"))\(kept) in \((clock.now - start).seconds) s\(updated)")
        case .failure(let failure):
            for problem in failure.diagnostics { console(problem.description) }
            let errors = failure.diagnostics.filter { $0.severity == .error }.count
            console("Build failed with \(counted(errors, "error")); still serving the last good build.")
            state.update {
                $0.generation += 1
                $0.succeeded = false
                $0.errors = failure.diagnostics.map(\.description)
                $0.overlay = [:]
                $0.shownAhead = []
            }
        }
        return loaded
    }
}

/// What reports one rebuild's timings (`tally serve --timings`): a `BuildProgress` that prints once the build ends.
public protocol RebuildTimings: BuildProgress {
    func finish()
}
