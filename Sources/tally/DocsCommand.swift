import ArgumentParser
import Foundation
import TallyFormat

struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print Tally's documentation, compiled into this binary.",
        discussion: """
            Without a topic, lists the topics. `tally docs content` prints docs/content.md as this binary was \
            built with it; `tally docs content#helpers` prints just that section.
            """)

    @Argument(help: "A topic, such as content or database; TOPIC#section prints one section.")
    var topic: String?

    func run() throws {
        guard let topic else {
            print(DocTopics.list())
            return
        }
        switch DocTopics.text(of: topic) {
        case .success(let text): print(text)
        case .failure(let problem):
            FileHandle.standardError.write(Data("error: \(problem.message)\n  hint: \(problem.hint)\n".utf8))
            throw ExitCode.failure
        }
    }
}

/// Looks topics and their sections up in `EmbeddedDocs`.
enum DocTopics {
    struct Problem: Error, Equatable {
        let message, hint: String
    }

    /// One line per topic: its name and its title (the document's first heading).
    static func list() -> String {
        let width = EmbeddedDocs.topics.map(\.name.count).max() ?? 0
        let lines = EmbeddedDocs.topics.map { topic in
            let title = topic.text.split(separator: "\n").first { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) } ?? ""
            return "  " + topic.name + String(repeating: " ", count: width - topic.name.count + 2) + title
        }
        return (["Topics (tally docs TOPIC prints one, tally docs TOPIC#section one section of it):"] + lines).joined(separator: "\n")
    }

    /// A topic's whole text, or with `#section` the section under the heading of that anchor, down to the next
    /// heading of the same or a higher level.
    static func text(of request: String) -> Result<String, Problem> {
        let parts = request.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = parts[0].lowercased().replacingOccurrences(of: ".md", with: "").replacingOccurrences(of: "docs/", with: "")
        guard let topic = EmbeddedDocs.topics.first(where: { $0.name == name }) else {
            let names = EmbeddedDocs.topics.map(\.name)
            let guess = NameSuggestion.closest(to: name, among: names).map { "did you mean `\($0)`? " } ?? ""
            return .failure(Problem(message: "there is no docs topic `\(parts[0])`",
                                    hint: guess + "the topics are " + names.joined(separator: ", ")))
        }
        guard parts.count == 2 else { return .success(topic.text) }
        guard let section = section(parts[1], of: topic.text) else {
            return .failure(Problem(message: "docs topic `\(name)` has no section `#\(parts[1])`",
                                    hint: "`tally docs \(name)` prints the whole topic"))
        }
        return .success(section)
    }

    private static func section(_ anchor: String, of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The backticks that opened the code block the line is in, as CommonMark reads fences: a line that starts
        // with ```` ```sql x ```` is inline code, and a ```` fence is closed only by ```` or more.
        var fence: Int?
        var start: (index: Int, level: Int)?
        for (index, line) in lines.enumerated() {
            let ticks = line.prefix { $0 == "`" }.count
            if ticks >= 3 {
                let rest = line.dropFirst(ticks)
                if let open = fence {
                    if ticks >= open && rest.allSatisfy({ $0 == " " }) { fence = nil }
                } else if !rest.contains("`") {
                    fence = ticks
                }
                continue
            }
            guard fence == nil, let level = headingLevel(line) else { continue }
            if let opened = start {
                if level <= opened.level { return lines[opened.index..<index].joined(separator: "\n").trimmingCharacters(in: .newlines) }
            } else if slug(line.dropFirst(level + 1)) == anchor.lowercased() {
                start = (index, level)
            }
        }
        return start.map { lines[$0.index...].joined(separator: "\n").trimmingCharacters(in: .newlines) }
    }

    private static func headingLevel(_ line: Substring) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        return (1...6).contains(hashes) && line.dropFirst(hashes).first == " " ? hashes : nil
    }

    /// GitHub's anchor for a heading: lowercase, spaces to `-`, punctuation other than `-` and `_` dropped.
    static func slug(_ heading: Substring) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " { slug.append("-") }
            else if character.isLetter || character.isNumber || character == "-" || character == "_" { slug.append(character) }
        }
        return slug
    }
}
