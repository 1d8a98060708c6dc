import Foundation

/// Copies `static/` into the output as is.
enum StaticFiles {
    static func copy(from directory: URL, displayDirectory: String, to writer: OutputWriter) -> (count: Int, problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        let files = SourceFiles.list(in: directory)
        for relativePath in files {
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(relativePath).path) else {
                problems.append(Diagnostic(file: displayDirectory + "/" + relativePath, message: "cannot read static file",
                                           hint: "check its permissions"))
                continue
            }
            do throws(Diagnostic) { try writer.write(data, to: relativePath) } catch { problems.append(error) }
        }
        return (files.count, problems)
    }
}
