import Foundation

extension PageManifest {
    /// What the last build knew of a file made from the whole site or from a query rather than from one page (the
    /// sitemap, a feed of a query, a data file): a digest of what it was made from and the files it wrote, as
    /// `site-file <name> <inputs> <file> <stamp> [<file> <stamp>…]`. A build whose digest is the same, with every
    /// file still stamped as the build left it, keeps the files instead of making them again (`SiteFiles`).
    struct SiteFile: Equatable {
        let inputs: String
        let files: [OutputFileStamp]

        /// The first file that is not in `folder` as recorded (changed, deleted, or never stamped); nil when every one is.
        func firstFileChanged(in folder: String) -> String? {
            files.first { $0.stamp.isEmpty || OutputFileStamp.current($0.path, in: folder) != $0 }?.path
        }

        /// The same record with each file stamped as it is now inside `folder`; nil when one is missing.
        /// - Parameter holds: whether a file's recorded stamp is known to be current, so it need not be read again.
        func stamped(in folder: String, trusting holds: (String) -> Bool) -> SiteFile? {
            let current = files.compactMap { file in
                !file.stamp.isEmpty && holds(file.path) ? file : OutputFileStamp.current(file.path, in: folder)
            }
            return current.count == files.count ? SiteFile(inputs: inputs, files: current) : nil
        }

        /// Its line after `site-file\t<name>\t`; nil when a field holds what a line cannot.
        var line: String? {
            let fields = [inputs] + files.flatMap { [$0.path, $0.stamp] }
            return fields.allSatisfy(PageManifest.isPlain) ? fields.joined(separator: "\t") : nil
        }

        /// The record of a line's fields after its name: the inputs, then pairs of a file and its stamp.
        init?(fields: ArraySlice<String>) {
            guard let inputs = fields.first, fields.count % 2 == 1 else { return nil }
            self.inputs = inputs
            files = stride(from: fields.startIndex + 1, to: fields.endIndex, by: 2).map {
                OutputFileStamp(path: fields[$0], stamp: fields[$0 + 1])
            }
            // A path with a NUL would be looked up as the part before it, whose stamp a hand-edited record could carry.
            guard files.allSatisfy({ OutputWriter.isInside($0.path) }) else { return nil }
        }

        init(inputs: String, files: [OutputFileStamp]) {
            self.inputs = inputs
            self.files = files
        }
    }
}
