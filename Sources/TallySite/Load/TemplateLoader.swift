import Foundation
import TallyFormat
import TallyTemplates

/// Loads `templates/**/*.mustache` as HTML layouts and partials, and checks every partial they name exists.
enum TemplateLoader {
    static func load(root: URL, directory: String) -> (library: TemplateLibrary, files: [String: String], problems: [Diagnostic]) {
        var library = TemplateLibrary()
        var files: [String: String] = [:]
        var problems: [Diagnostic] = []
        let folder = root.appendingPathComponent(directory)
        let listed = SourceFiles.list(in: folder, withSuffix: ".mustache", shownAs: directory)
        problems += listed.problems
        for relativePath in listed.paths {
            let name = String(relativePath.dropLast(".mustache".count))
            let file = directory + "/" + relativePath
            files[name] = file
            guard let text = try? String(contentsOf: folder.appendingPathComponent(relativePath), encoding: .utf8) else {
                problems.append(Diagnostic(file: file, message: "cannot read template as UTF-8 text", hint: "save it as UTF-8"))
                continue
            }
            do {
                // Partials compile a second time for Markdown bodies; one that needs {{{…}}} has no such copy.
                library.register(try PageTemplate.html(text), markdown: try? PageTemplate.markdown(text), named: name)
                library.noteLiteralIDs(in: text)
            } catch {
                problems.append(Diagnostic(file: file, line: error.line, column: error.column, message: error.message, hint: error.hint))
            }
        }
        for name in library.names {
            guard let template = library.template(named: name) else { continue }
            for missing in template.missingReferences(in: library) {
                problems.append(Diagnostic(file: files[name] ?? name, line: missing.line, column: missing.column,
                                           message: "no partial named `\(missing.name)`",
                                           hint: "create \(directory)/\(missing.name).mustache; templates here: \(library.names.joined(separator: ", "))"))
            }
        }
        return (library, files, problems)
    }
}
