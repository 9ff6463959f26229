import Logging
#if canImport(Glibc)
import Glibc
#endif

/// The events of one open device, as an `AsyncSequence`.
///
/// ``open(_:settings:logger:)`` opens the device at once (so a permission problem is thrown
/// to the caller, not buried in the stream) and starts a dedicated reader thread that sleeps
/// in `poll` on the device and hands each ``SensorEvent`` to the sequence, samples in batches
/// at most 40 ms old (so the consumer wakes once per batch, not per sample). The sequence
/// always ends with one ``SensorEvent/ended(_:)``: `nil` when the device went away or
/// ``close()`` was called, the error otherwise. Up to ``bufferLimit`` events wait for a slow
/// consumer; beyond that new samples are dropped and a ``SensorEvent/gap`` is delivered in
/// their place, so the detector never sees a silent jump.
///
/// Typical use, feeding the detector:
/// ```swift
/// let stream = try SensorStream.open(device)
/// for await event in stream {
///     switch event {
///     case .sample(let s): if let rep = detector.step(s) { ... }
///     case .gap: detector.markGap()
///     case .ended(let error): ...   // last event
///     }
/// }
/// ```
/// Iterate a stream once. Ending the iteration (task cancellation) closes the device.
public final class SensorStream: AsyncSequence, Sendable {
    public typealias Element = SensorEvent

    /// Events buffered for a slow consumer before samples are dropped (≈80 s at 100 Hz).
    public static let bufferLimit = 8192

    public let device: SensorDevice
    private let events: AsyncStream<SensorEvent>
    private let sink: EventSink
    private let thread: ReaderThread

    private init(device: SensorDevice, events: AsyncStream<SensorEvent>, sink: EventSink, thread: ReaderThread) {
        self.device = device
        self.events = events
        self.sink = sink
        self.thread = thread
    }

    /// Opens `device` and starts reading it. Throws ``SensorError/permissionDenied(path:group:)``
    /// when the user may not open it, or the error that stopped it being set up.
    public static func open(_ device: SensorDevice, settings: SensorSettings = .init(),
                            logger: Logger = Logger(label: "squatd.sensors")) throws(SensorError) -> SensorStream {
        var logger = logger
        logger[metadataKey: "device"] = "\(device.identity.node ?? device.identity.syspath)"
        let reader = try SampleSources.source(for: device.kind).open(device, settings: settings, logger: logger)
        let (events, continuation) = AsyncStream.makeStream(of: SensorEvent.self, bufferingPolicy: .bufferingOldest(bufferLimit))
        let sink = EventSink(continuation)
        // Drivers report an unplug as ENODEV or a hangup, but not all do, so the stream also
        // ends when udev says the device was removed.
        let removal = try? Udev.RemovalWatch(syspath: device.identity.syspath,
                                             subsystem: device.kind == .evdev ? "input" : "iio")
        if removal == nil { logger.debug("no udev monitor; relying on the driver to report removal") }
        let thread: ReaderThread
        do throws(SensorError) {
            thread = try ReaderThread(
                name: device.identity.sysname,
                descriptors: [reader.fileDescriptor] + (removal.map { [$0.fileDescriptor] } ?? []),
                timeout: { sink.millisecondsUntilDue },
                timedOut: { sink.deliver() },
                body: { index, revents in
                    if index == 1 {
                        guard removal?.deviceRemoved() == true else { return true }
                        logger.info("device removed")
                        sink.finishDeviceGone()
                        return false
                    }
                    do throws(SensorError) {
                        let alive = try reader.readAvailable(sink.send)
                        sink.deliverIfDue()
                        let hangup = revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 && revents & Int16(POLLIN) == 0
                        if alive && !hangup { return true }
                        // A hangup with the device still there is an outage, not an unplug.
                        if alive && Sysfs.exists(device.identity.syspath) {
                            logger.debug("stream ended: the device hung up")
                            sink.finish(nil)
                        } else {
                            logger.info("device went away")
                            sink.finishDeviceGone()
                        }
                    } catch {
                        // A failed read (EIO) is how some drivers, and umockdev, show an unplug;
                        // with the device's sysfs directory still there it is a failing device.
                        if !Sysfs.exists(device.identity.syspath) {
                            logger.info("device went away")
                            sink.finishDeviceGone()
                            return false
                        }
                        // The consumer gets the error in `.ended` and decides how loud to be
                        // (the daemon retries and logs once per outage).
                        logger.debug("stream ended: \(error)")
                        sink.finish(error)
                    }
                    return false
                },
                finish: { _ in
                    reader.close()
                    _ = removal
                    sink.finish(nil)
                })
        } catch {
            reader.close()
            throw error
        }
        continuation.onTermination = { [weak thread] _ in thread?.stop() }
        return SensorStream(device: device, events: events, sink: sink, thread: thread)
    }

    /// True once the stream has ended because the device is gone: udev reported its removal,
    /// the driver an unplug (ENODEV), or a read failed or the device hung up and its sysfs
    /// directory is gone. False while it runs, when it was closed, and when it ended with the
    /// device still there (a driver failing reads with EIO is an outage, not an unplug). Lets a
    /// consumer that reopens devices after an outage stay quiet about one that was simply
    /// unplugged.
    public var deviceWentAway: Bool { sink.deviceWentAway }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), sink: sink)
    }

    /// Yields the buffered events, then the final ``SensorEvent/ended(_:)`` even when the
    /// buffer had no room left for it.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<SensorEvent>.Iterator
        private let sink: EventSink
        private var isDone = false

        init(base: AsyncStream<SensorEvent>.Iterator, sink: EventSink) {
            self.base = base
            self.sink = sink
        }

        public mutating func next() async -> SensorEvent? {
            guard !isDone else { return nil }
            if let event = await base.next() {
                if case .ended = event { isDone = true }
                return event
            }
            isDone = true
            return .ended(sink.undeliveredEnd ?? nil)
        }
    }

    /// Stops reading and releases the device (an IIO buffer is disabled) before it returns,
    /// which takes a few milliseconds at most; the sequence then ends with `.ended(nil)`.
    /// Ending an iteration by cancelling its task also releases the device, but on the reader
    /// thread, a moment later: call this when the device must be free (at exit, before
    /// opening it again).
    public func close() {
        thread.stopAndWait()
    }
}
