import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells systemd how the service is doing (sd_notify(3)) without linking libsystemd: each
/// message is one datagram of `KEY=VALUE` lines sent to the AF_UNIX socket named by
/// `$NOTIFY_SOCKET`, a path or, when it starts with `@`, an abstract socket name.
///
/// With `Type=notify`, systemd waits for ``ready(status:)`` before it considers the service
/// started, shows ``status(_:)`` in `systemctl status`, expects ``watchdog()`` at least once per
/// `WatchdogSec=` (``watchdogInterval`` is half of that) and, around a reload, ``reloading()``
/// then ``ready(status:)``.
///
/// Outside systemd (no `$NOTIFY_SOCKET`) every call does nothing. Sending never fails loudly:
/// like sd_notify, a lost datagram is not the service's problem.
public struct ServiceNotifier: Sendable {
    /// The socket's address as systemd gave it (`/run/systemd/notify` or `@name`); nil outside systemd.
    public let socket: String?
    /// Half of `$WATCHDOG_USEC`, when the watchdog is on and meant for this process.
    public let watchdogInterval: Duration?

    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` from `environment`. A
    /// `WATCHDOG_PID` naming another process (the variables were inherited from a parent) turns
    /// the watchdog off for this one, as sd_watchdog_enabled(3) does.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let socket = environment["NOTIFY_SOCKET"]
        self.socket = socket.flatMap { $0.hasPrefix("/") || ($0.hasPrefix("@") && $0.count > 1) ? $0 : nil }
        let forThisProcess = environment["WATCHDOG_PID"].map { $0 == String(getpid()) } ?? true
        if forThisProcess, let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0 {
            watchdogInterval = .microseconds(Int64(clamping: usec / 2))
        } else {
            watchdogInterval = nil
        }
    }

    /// Whether there is a socket to notify (the process runs under systemd with `Type=notify`).
    public var isEnabled: Bool { socket != nil }

    /// `READY=1`: start-up (or a reload) is complete. With `status`, also `STATUS=`.
    public func ready(status: String? = nil) {
        send(["READY=1"] + (status.map { [Self.statusLine($0)] } ?? []))
    }

    /// `RELOADING=1` with `MONOTONIC_USEC=` (CLOCK_MONOTONIC, µs), which systemd ≥ 253 uses to match
    /// the reload to its request. Send ``ready(status:)`` when the reload is done.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        send(["RELOADING=1", "MONOTONIC_USEC=\(microseconds)"])
    }

    /// `STATUS=`: one line for `systemctl status` (line breaks become spaces).
    public func status(_ text: String) { send([Self.statusLine(text)]) }

    /// `WATCHDOG=1`: the service is alive; send every ``watchdogInterval``.
    public func watchdog() { send(["WATCHDOG=1"]) }

    /// `STOPPING=1`: shutdown has begun.
    public func stopping() { send(["STOPPING=1"]) }

    private static func statusLine(_ text: String) -> String {
        "STATUS=" + text.map { $0.isNewline ? " " : String($0) }.joined()
    }

    /// Sends the lines as one datagram; returns the errno on failure (for tests and debugging).
    @discardableResult
    func send(_ lines: [String]) -> Int32? {
        guard let socket else { return nil }
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var name = Array(socket.utf8)
        if name.first == UInt8(ascii: "@") { name[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard name.count < capacity else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: name) }
        // An abstract name's length is exact; a path's includes its terminating zero.
        let length = MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + name.count + (name[0] == 0 ? 0 : 1)
        let message = Array(lines.joined(separator: "\n").utf8)
        // Never wait for the service manager: a datagram socket nobody reads holds ~10 messages,
        // and a blocked send would stall counting. A message that does not fit is dropped (the
        // next STATUS supersedes it).
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), address, socklen_t(length)) }
            }
        }
        return sent < 0 ? errno : nil
    }
}
