import Foundation

/// Delivers events from the reader thread into a bounded `AsyncStream`, turning overflow into
/// a gap marker. When even the final ``SensorEvent/ended(_:)`` finds the buffer full, it is
/// kept here and ``SensorStream/Iterator`` delivers it after the buffered events.
final class EventSink: @unchecked Sendable {
    private let continuation: AsyncStream<SensorEvent>.Continuation
    private let lock = NSLock()
    private var dropped = false
    private var finished = false
    private var end: SensorError??

    init(_ continuation: AsyncStream<SensorEvent>.Continuation) { self.continuation = continuation }

    /// Only called on the reader thread.
    func send(_ event: SensorEvent) {
        if dropped {
            if case .dropped = continuation.yield(.gap) { return }
            dropped = false
        }
        if case .dropped = continuation.yield(event) { dropped = true }
    }

    /// Ends the stream with `.ended(error)`; later calls do nothing.
    func finish(_ error: SensorError?) {
        lock.lock()
        guard !finished else { lock.unlock(); return }
        finished = true
        lock.unlock()
        if case .dropped = continuation.yield(.ended(error)) {
            lock.withLock { end = .some(error) }
        }
        continuation.finish()
    }

    /// The end that did not fit in the buffer, if any.
    var undeliveredEnd: SensorError?? { lock.withLock { end } }
}
