import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether `tally serve` can listen on a port of 127.0.0.1, asked before the first build: a busy port should stop
/// the command at once with a plain message, not after a build, with the server library's error text.
enum LocalPort {
    /// True when a socket can be bound to 127.0.0.1:`port` now (it is closed again at once).
    static func isFree(_ port: UInt16) -> Bool {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return true }  // the server will report what is wrong
        defer { close(socketFD) }
        // As the server sets it: a port left in TIME_WAIT by a previous run is free, a listening one is not.
        var reuse: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0
    }
}
