import Foundation
import TallyFormat

extension OutputWriter {
    /// Writes a file made a piece at a time (`orgs/search.json`), each piece going to the staging file as `produce`
    /// hands it over: made whole first, the 20 MB index of 100,000 organizations was held twice while its buffer grew,
    /// as the build ended (docs/performance.md#peak-memory-by-stage). As `write` does, a file whose bytes equal the
    /// previous output's is left in place: the two are compared a piece at a time.
    /// - Parameter produce: hands each piece to its argument; an error it throws removes the partial file.
    /// - Returns: the file's stamp (`OutputFileStamp`) as written, or as found when its bytes were the same, as `write`
    ///   returns it; empty when it could not be read.
    @discardableResult
    func writeStreamed<Failure: Error>(to relativePath: String, origin: OutputOrigin? = nil,
                                       _ produce: (_ append: (_ piece: [UInt8]) -> Void) throws(Failure) -> Void) throws(StreamedWriteError<Failure>) -> String {
        do throws(Diagnostic) { try Self.checkInside(relativePath) } catch { throw .output(error) }
        if let origin { state.withLock { $0.origins[relativePath] = origin } }
        let target = stagingPath + "/" + relativePath
        let file: StreamedFile
        // Counted in the output's digest as `write` counts its files, so a first build's stamp needs no walk.
        var before = stat()
        let replaced = stat(target, &before) == 0 ? FileStamps.Stamp(before) : nil
        do {
            try OutputWriter.makeFolder(holding: target) { self.count(folder: $0) }
            file = try StreamedFile(path: target, previous: hasPrevious ? outputPath + "/" + relativePath : nil)
        } catch {
            throw .output(Self.cannotWrite(relativePath, error))
        }
        do throws(Failure) {
            try produce { piece in file.append(piece) }
        } catch {
            file.abandon()
            throw .produce(error)
        }
        switch file.finish() {
        case .failed(let error): throw .output(Self.cannotWrite(relativePath, error))
        case .sameAsPrevious:
            state.withLock {
                $0.unchanged += 1
                $0.unchangedPaths.append(relativePath)
            }
            return OutputFileStamp.current(relativePath, in: outputPath)?.stamp ?? ""
        case .written:
            var written = stat()
            state.withLock { $0.written += 1 }
            guard stat(target, &written) == 0 else { return "" }
            count(file: relativePath, FileStamps.Stamp(written), replacing: replaced)
            return OutputFileStamp.text(of: FileStamps.Stamp(written))
        }
    }
}

/// Why `writeStreamed` failed: the pieces' maker threw, or the file could not be written.
enum StreamedWriteError<Failure: Error>: Error {
    case produce(Failure)
    case output(Diagnostic)
}

/// A staging file written a block at a time and compared, block by block, with the previous output's file.
private final class StreamedFile {
    private static let blockSize = 1 << 16
    private let path: String
    private let descriptor: Int32
    /// The previous output's file, while every byte so far equals it; -1 once one differs, or when there is none.
    private var previous: Int32 = -1
    private var block: [UInt8] = []
    private var offset = 0
    private var error: (any Error)?

    enum Outcome {
        case written
        case sameAsPrevious
        case failed(any Error)
    }

    init(path: String, previous: String?) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        if let previous { self.previous = open(previous, O_RDONLY | O_CLOEXEC) }
        block.reserveCapacity(Self.blockSize)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        if previous >= 0 { close(previous) }
    }

    func append(_ piece: [UInt8]) {
        block += piece
        if block.count >= Self.blockSize { flush() }
    }

    func finish() -> Outcome {
        flush()
        if let error { return .failed(error) }
        var status = stat()
        if previous >= 0, fstat(previous, &status) == 0, Int(status.st_size) == offset {
            // The previous output's file stays where it is; the staged copy goes.
            unlink(path)
            return .sameAsPrevious
        }
        return .written
    }

    /// Removes the partial file after its maker failed.
    func abandon() { unlink(path) }

    private func flush() {
        guard error == nil, !block.isEmpty else { return }
        if previous >= 0 && !previousHolds(block, at: offset) {
            close(previous)
            previous = -1
        }
        guard block.withUnsafeBytes({ writeAll(descriptor, $0) }) else {
            error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            return
        }
        offset += block.count
        block.removeAll(keepingCapacity: true)
    }

    private func previousHolds(_ bytes: [UInt8], at position: Int) -> Bool {
        var existing = [UInt8](repeating: 0, count: bytes.count)
        let count = existing.withUnsafeMutableBytes { pread(previous, $0.baseAddress, bytes.count, off_t(position)) }
        return count == bytes.count && existing == bytes
    }
}
