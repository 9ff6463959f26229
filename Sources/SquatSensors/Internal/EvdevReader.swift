import Logging
import SquatCore

/// Turns evdev frames into samples: one per `SYN_REPORT`, holding the last value of an axis
/// the kernel did not repeat. Time is `MSC_TIMESTAMP` (µs, wrapping at 2^32) anchored to the
/// event time of the first stamped frame, else the event time. `SYN_DROPPED` resynchronises
/// libevdev's state and emits ``SensorEvent/gap``.
final class EvdevReader: SensorReader {
    private var evdev: Evdev?
    private let fd: Int32
    private let axes: (x: UInt16, y: UInt16, z: UInt16)
    private let scale: Double
    private let matrix: MountMatrix
    private let logger: Logger
    private var raw: (x: Int32, y: Int32, z: Int32)
    /// MSC_TIMESTAMP of the current frame, if it had one.
    private var frameStamp: UInt32?
    /// Anchor of the µs clock: event time of the first stamped frame, its stamp, and the
    /// microseconds accumulated since (unwrapped).
    private var anchor: (time: Double, last: UInt32, elapsed: UInt64)?
    private var timeline = SampleTimeline()

    init(_ evdev: Evdev, axes: EvdevAxes, scale: Double, matrix: MountMatrix, logger: Logger) {
        let rc = evdev.useBootClock()
        if rc != 0 { logger.debug("\(evdev.path): libevdev_set_clock_id failed (\(rc)); event times are CLOCK_REALTIME") }
        self.evdev = evdev
        fd = evdev.fd
        self.axes = (UInt16(axes.x), UInt16(axes.y), UInt16(axes.z))
        self.scale = scale
        self.matrix = matrix
        self.logger = logger
        raw = (evdev.value(ofAbsolute: axes.x), evdev.value(ofAbsolute: axes.y), evdev.value(ofAbsolute: axes.z))
    }

    var fileDescriptor: Int32 { fd }

    func readAvailable(_ emit: (SensorEvent) -> Void) throws(SensorError) -> Bool {
        guard let evdev else { return false }
        while true {
            switch evdev.next(sync: false) {
            case .event(let type, let code, let value, let time):
                handle(type: type, code: code, value: value, time: time, emit)
            case .sync:
                // SYN_DROPPED: drain the replayed state, then start afresh.
                emit(.gap)
                try resynchronise(evdev)
            case .again:
                return true
            case .gone:
                return false
            case .failed(let code):
                throw Sysfs.failure("libevdev_next_event", evdev.path, errno: code)
            }
        }
    }

    private func resynchronise(_ evdev: Evdev) throws(SensorError) {
        loop: while true {
            switch evdev.next(sync: true) {
            case .sync, .event: continue
            case .again: break loop
            case .gone: return
            case .failed(let code): throw Sysfs.failure("libevdev_next_event", evdev.path, errno: code)
            }
        }
        raw = (evdev.value(ofAbsolute: UInt32(axes.x)), evdev.value(ofAbsolute: UInt32(axes.y)),
               evdev.value(ofAbsolute: UInt32(axes.z)))
        frameStamp = nil
        anchor = nil
    }

    private func handle(type: UInt16, code: UInt16, value: Int32, time: Double, _ emit: (SensorEvent) -> Void) {
        switch type {
        case Evdev.absoluteType:
            if code == axes.x { raw.x = value } else if code == axes.y { raw.y = value } else if code == axes.z { raw.z = value }
        case Evdev.miscellaneousType where code == Evdev.timestampCode:
            frameStamp = UInt32(bitPattern: value)
        case Evdev.synchronizationType where code == Evdev.report:
            var t = time
            if let stamp = frameStamp {
                if var a = anchor {
                    a.elapsed += UInt64(stamp &- a.last)
                    a.last = stamp
                    anchor = a
                    t = a.time + Double(a.elapsed) / 1e6
                } else {
                    anchor = (time, stamp, 0)
                }
            }
            frameStamp = nil
            let placed = timeline.place(t, period: 0)
            if placed.afterGap { emit(.gap) }
            t = placed.t
            let v = matrix.apply(x: Double(raw.x) * scale, y: Double(raw.y) * scale, z: Double(raw.z) * scale)
            emit(.sample(Sample(t: t, x: v.x, y: v.y, z: v.z)))
        default:
            break
        }
    }

    func close() {
        evdev = nil
    }
}
