import Foundation

/// Delivers events from the reader thread into a bounded `AsyncStream`, turning overflow into
/// a gap marker. When even the final ``SensorEvent/ended(_:)`` finds the buffer full, it is
/// kept here and ``SensorStream/Iterator`` delivers it after the buffered events.
///
/// Samples are held on the reader thread for up to ``holdTime`` and then delivered together:
/// a sensor at 100 Hz hands over one sample per read, and waking the consuming task for each
/// costs two context switches and most of a daemon's CPU time; batched, the consumer wakes a
/// few times per ``holdTime`` instead of a hundred times a second. Gaps and the end are
/// delivered at once, with whatever is held before them.
final class EventSink: @unchecked Sendable {
    /// The longest a sample waits before it is delivered, seconds: short next to a rep (the
    /// count, and its sound, come at most this much later) and long enough to gather 4 samples
    /// at 100 Hz.
    static let holdTime = 0.04
    /// Delivered at once when this many are held (a fast sensor's burst).
    static let holdLimit = 32

    private let continuation: AsyncStream<SensorEvent>.Continuation
    private let lock = NSLock()
    private var dropped = false
    private var finished = false
    private var end: SensorError??
    private var wentAway = false
    /// Touched only on the reader thread.
    private var held: [SensorEvent] = []
    private var heldSince = 0.0

    init(_ continuation: AsyncStream<SensorEvent>.Continuation) {
        self.continuation = continuation
        held.reserveCapacity(Self.holdLimit)
    }

    /// Takes an event read from the device. Only called on the reader thread.
    func send(_ event: SensorEvent) {
        if held.isEmpty { heldSince = Sysfs.now(CLOCK_MONOTONIC) }
        held.append(event)
        if case .sample = event, held.count < Self.holdLimit { return }
        deliver()
    }

    /// Delivers what is held if the oldest has waited ``holdTime``. Only called on the reader thread.
    func deliverIfDue() {
        if !held.isEmpty && Sysfs.now(CLOCK_MONOTONIC) - heldSince >= Self.holdTime { deliver() }
    }

    /// Milliseconds until what is held is due, for `poll`; -1 when nothing is held.
    var millisecondsUntilDue: Int32 {
        guard !held.isEmpty else { return -1 }
        let left = heldSince + Self.holdTime - Sysfs.now(CLOCK_MONOTONIC)
        return Int32(max(0, (left * 1000).rounded(.up)))
    }

    /// Delivers every held event now. Only called on the reader thread.
    func deliver() {
        for event in held {
            if dropped {
                if case .dropped = continuation.yield(.gap) { continue }
                dropped = false
            }
            if case .dropped = continuation.yield(event) { dropped = true }
        }
        held.removeAll(keepingCapacity: true)
    }

    /// Delivers what is held, then ends the stream with `.ended(error)`; later calls do nothing.
    /// Only called on the reader thread.
    func finish(_ error: SensorError?) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        lock.unlock()
        deliver()
        if case .dropped = continuation.yield(.ended(error)) {
            lock.withLock { end = .some(error) }
        }
        continuation.finish()
    }

    /// The end that did not fit in the buffer, if any.
    var undeliveredEnd: SensorError?? { lock.withLock { end } }

    /// Ends the stream (``finish(_:)`` with no error) because the device is gone; set before
    /// the end is delivered, so a consumer that sees `.ended` also sees ``deviceWentAway``.
    func finishDeviceGone() {
        lock.withLock { if !finished { wentAway = true } }
        finish(nil)
    }

    /// Whether the stream ended through ``finishDeviceGone()``.
    var deviceWentAway: Bool { lock.withLock { wentAway } }
}
