import CLinux
import Foundation

/// A dedicated thread (not the cooperative pool) that sleeps in `poll` on one descriptor plus
/// an eventfd used to stop it. `body` runs on the thread each time the descriptor is ready and
/// returns false to stop; `finish` runs once on the thread as it exits.
final class ReaderThread: @unchecked Sendable {
    private let wake: Int32
    private let lock = NSLock()
    private var stopped = false

    init(name: String, descriptor: @escaping () -> Int32, body: @escaping (_ revents: Int16) -> Bool,
         finish: @escaping (_ stoppedByOwner: Bool) -> Void) throws(SensorError) {
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else { throw Sysfs.failure("eventfd", name) }
        // Each closure is used only on the new thread from here on.
        nonisolated(unsafe) let descriptor = descriptor, body = body, finish = finish
        let thread = Thread { [self] in
            var fds = [pollfd(fd: descriptor(), events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            var byOwner = false
            while true {
                fds[0].revents = 0
                fds[1].revents = 0
                let n = poll(&fds, 2, -1)
                if n < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if fds[1].revents != 0 { byOwner = true; break }
                if fds[0].revents != 0, !body(fds[0].revents) { break }
            }
            finish(byOwner)
        }
        thread.name = name
        thread.start()
    }

    deinit { close(wake) }

    /// Asks the thread to stop; it runs `finish` and exits. Safe to call more than once.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        var one: UInt64 = 1
        _ = write(wake, &one, 8)
    }
}
