import Foundation

/// The service manager's end of `NOTIFY_SOCKET` for a child process: a ``DatagramReceiver`` in a
/// directory, drained every 2 ms on a thread of its own as systemd would (an unread socket holds
/// only ~10 datagrams), keeping every message for tests to wait for.
public final class NotifyListener: @unchecked Sendable {
    /// The value to give the child as `NOTIFY_SOCKET`.
    public let path: String
    private let inbox = Inbox()

    /// Shared with the draining thread, which holds this and not the listener, so that the
    /// listener's deinit stops it.
    private final class Inbox: @unchecked Sendable {
        let lock = NSLock()
        var kept: [String] = []
        var stopped = false
    }

    public init(directory: String) throws {
        let socket = try DatagramReceiver(address: directory + "/notify.sock")
        path = socket.address
        let inbox = inbox
        // Used by the draining thread alone from here on.
        nonisolated(unsafe) let receiver = socket
        Thread.detachNewThread {
            while !inbox.lock.withLock({ inbox.stopped }) {
                let messages = receiver.received()
                inbox.lock.withLock { inbox.kept += messages }
                usleep(2_000)
            }
        }
    }

    deinit { inbox.lock.withLock { inbox.stopped = true } }

    /// Every datagram so far, in order (each may hold several `KEY=value` lines).
    public var messages: [String] { inbox.lock.withLock { inbox.kept } }

    /// Every `KEY=value` assignment so far, in order.
    public var assignments: [String] { messages.flatMap { $0.split(separator: "\n").map(String.init) } }

    /// Waits until an assignment starting with `prefix` has arrived `count` times; true if so.
    public func waitFor(_ prefix: String, count: Int = 1, seconds: Double = 10) -> Bool {
        eventually(seconds) { assignments.filter { $0.hasPrefix(prefix) }.count >= count }
    }
}
