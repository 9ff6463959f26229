import Glibc

/// One mutex with one condition variable per waiter (pthread), so that handing a sound to a player
/// wakes that player only, not every idle one.
///
/// `NSCondition` has one condition per lock: a broadcast would wake all players for each rep, and a
/// woken player may preempt the counting thread on a busy core.
final class PoolLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>
    private let conditionCount: Int

    /// A lock with conditions numbered `0..<conditionCount`.
    init(conditionCount: Int) {
        self.conditionCount = conditionCount
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        conditions = .allocate(capacity: conditionCount)
        conditions.initialize(repeating: pthread_cond_t(), count: conditionCount)
        // Timed waits measure on CLOCK_MONOTONIC: a wall clock set back must not stretch them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        defer { pthread_condattr_destroy(&attributes) }
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        for index in 0..<conditionCount {
            precondition(pthread_cond_init(conditions + index, &attributes) == 0, "pthread_cond_init failed")
        }
    }

    deinit {
        for index in 0..<conditionCount { pthread_cond_destroy(conditions + index) }
        pthread_mutex_destroy(mutex)
        conditions.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () -> Result) -> Result {
        lock()
        defer { unlock() }
        return body()
    }

    /// Releases the lock, sleeps until `signal(condition)`, and takes the lock again. Call with the
    /// lock held, in a loop that rechecks what it waits for (wake-ups can be spurious).
    func wait(_ condition: Int) {
        pthread_cond_wait(conditions + condition, mutex)
    }

    /// Like ``wait(_:)``, but gives up at `deadline` (CLOCK_MONOTONIC); returns false if it did.
    func wait(_ condition: Int, until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(conditions + condition, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes the thread waiting on `condition`, if any.
    func signal(_ condition: Int) {
        pthread_cond_signal(conditions + condition)
    }

    /// Wakes every thread waiting on `condition`.
    func broadcast(_ condition: Int) {
        pthread_cond_broadcast(conditions + condition)
    }
}
