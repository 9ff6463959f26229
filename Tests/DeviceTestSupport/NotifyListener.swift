import Foundation
import Glibc

/// The service manager's end of `NOTIFY_SOCKET`: a datagram socket in a temporary directory that
/// collects every message a child sends with sd_notify, for tests to read.
public final class NotifyListener: @unchecked Sendable {
    /// The value to give the child as `NOTIFY_SOCKET`.
    public let path: String
    private let fd: Int32
    private let inbox = Inbox()

    /// What the receiving thread shares with the tests; the thread holds this, not the listener,
    /// so the listener's deinit stops it.
    private final class Inbox: @unchecked Sendable {
        let lock = NSLock()
        var received: [String] = []
        var stopped = false
    }

    public init(directory: String) throws {
        path = directory + "/notify.sock"
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let (socketFD, inbox) = (fd, inbox)
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !inbox.lock.withLock({ inbox.stopped }) {
                let n = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { continue }
                let message = String(decoding: buffer[0..<n], as: UTF8.self)
                inbox.lock.withLock { inbox.received.append(message) }
            }
            close(socketFD)
        }
    }

    /// Every datagram so far, in order (each may hold several `KEY=value` lines).
    public var messages: [String] { inbox.lock.withLock { inbox.received } }

    /// Every `KEY=value` assignment so far, in order.
    public var assignments: [String] { messages.flatMap { $0.split(separator: "\n").map(String.init) } }

    /// Waits until an assignment starting with `prefix` arrives (`count` times); true if it did.
    public func waitFor(_ prefix: String, count: Int = 1, seconds: Double = 10) -> Bool {
        eventually(seconds) { assignments.filter { $0.hasPrefix(prefix) }.count >= count }
    }

    deinit {
        inbox.lock.withLock { inbox.stopped = true }
        unlink(path)
    }
}
