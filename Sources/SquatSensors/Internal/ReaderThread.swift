import CLinux
import Foundation

/// A dedicated thread (not the cooperative pool) that sleeps in `poll` on some descriptors plus
/// an eventfd used to stop it. `body` runs on the thread with the index of each descriptor that
/// is ready and its `revents`, and returns false to stop; `timeout` (milliseconds, -1 for none)
/// bounds each sleep and `timedOut` runs when one passes with nothing ready; `finish` runs once
/// on the thread as it exits.
final class ReaderThread: @unchecked Sendable {
    private let wake: Int32
    private let lock = NSCondition()
    private var stopped = false
    private var finished = false
    private var thread: Thread?

    init(name: String, descriptors: [Int32], timeout: @escaping () -> Int32 = { -1 }, timedOut: @escaping () -> Void = {},
         body: @escaping (_ index: Int, _ revents: Int16) -> Bool,
         finish: @escaping (_ stoppedByOwner: Bool) -> Void) throws(SensorError) {
        wake = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard wake >= 0 else { throw Sysfs.failure("eventfd", name) }
        // Each closure is used only on the new thread from here on.
        nonisolated(unsafe) let body = body, finish = finish, timeout = timeout, timedOut = timedOut
        let thread = Thread { [self] in
            Self.nameCurrentThread(name)
            var fds = (descriptors + [wake]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let stop = fds.count - 1
            var byOwner = false
            running: while true {
                for k in fds.indices { fds[k].revents = 0 }
                let n = poll(&fds, nfds_t(fds.count), timeout())
                if n < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if n == 0 {
                    timedOut()
                    continue
                }
                if fds[stop].revents != 0 { byOwner = true; break }
                for k in 0..<stop where fds[k].revents != 0 {
                    if !body(k, fds[k].revents) { break running }
                }
            }
            finish(byOwner)
            lock.withLock {
                finished = true
                // The `Thread` keeps this closure after it returns, and the closure keeps
                // `self`: forgetting the `Thread` breaks that cycle, so `deinit` closes `wake`
                // and whatever the closures hold (a device's descriptor, a udev monitor's
                // socket) is released. Kept, every stream closed and every monitor replaced
                // leaked two descriptors: a device that drops out every few minutes would
                // exhaust the daemon's 1024 in hours.
                self.thread = nil
                lock.broadcast()
            }
        }
        thread.name = name
        self.thread = thread
        thread.start()
    }

    /// Names the calling thread for `ps -T`, `top -H` and /proc/PID/task/*/comm (the kernel keeps
    /// 15 bytes): Foundation's `Thread.name` does not reach the kernel on Linux.
    private static func nameCurrentThread(_ name: String) {
        _ = squatd_set_thread_name(name)
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

    /// Stops the thread and returns once `finish` has run (at once when called from the thread
    /// itself), so that what `finish` releases is released when this returns.
    func stopAndWait() {
        stop()
        lock.withLock {
            guard Thread.current != thread else { return }
            while !finished { lock.wait() }
        }
    }
}
