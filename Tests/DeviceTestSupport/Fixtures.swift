import Foundation
import Testing

/// udevadm-export text for an emulated device.
public func deviceDescription(syspath: String, node: String? = nil, properties: [String: String] = [:],
                       attributes: [(String, String)]) -> String {
    var lines = ["P: " + syspath.replacingOccurrences(of: "/sys", with: "", options: .anchored)]
    if let node { lines.append("N: " + node.replacingOccurrences(of: "/dev/", with: "", options: .anchored)) }
    if let node { lines.append("E: DEVNAME=\(node)") }
    for (k, v) in properties.sorted(by: { $0.key < $1.key }) { lines.append("E: \(k)=\(v)") }
    for (k, v) in attributes { lines.append("A: \(k)=\(v)") }
    return lines.joined(separator: "\n") + "\n\n"
}

/// An IIO accelerometer with a buffer: `channels` are (name, index, type) in scan_elements.
public func iioBufferDevice(syspath: String = "/sys/devices/platform/accel/iio:device0", node: String = "/dev/iio:device0",
                     channels: [(String, Int, String)], enabled: Set<String> = [],
                     properties: [String: String] = [:], attributes: [(String, String)]) -> String {
    var attrs = attributes + [("buffer/enable", "0"), ("buffer/length", "2")]
    for (name, index, type) in channels {
        attrs.append(("scan_elements/in_\(name)_en", enabled.contains(name) ? "1" : "0"))
        attrs.append(("scan_elements/in_\(name)_index", "\(index)"))
        attrs.append(("scan_elements/in_\(name)_type", type))
    }
    return deviceDescription(syspath: syspath, node: node, properties: ["SUBSYSTEM": "iio"].merging(properties) { $1 },
                             attributes: attrs)
}

/// Bytes of a value stored little- or big-endian in `bytes` bytes.
public func stored(_ value: Int64, bytes: Int, bigEndian: Bool = false) -> [UInt8] {
    let le = (0..<bytes).map { UInt8(truncatingIfNeeded: UInt64(bitPattern: value) >> UInt64(8 * $0)) }
    return bigEndian ? le.reversed() : le
}

/// CLOCK_BOOTTIME now, seconds (the clock readers stamp samples with themselves: polled reads,
/// a buffer without a timestamp channel).
public func boottimeNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_BOOTTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Compares what the harness reported with `want`, samples to 1e-9 (times computed by adding
/// a period may differ from a literal in the last bit).
public func expectEvents(_ got: [Child.Seen], _ want: [Child.Seen], sourceLocation: SourceLocation = #_sourceLocation) {
    let alike = got.count == want.count && zip(got, want).allSatisfy { pair in
        switch pair {
        case (.sample(let a), .sample(let b)): a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-9 }
        default: pair.0 == pair.1
        }
    }
    if !alike { Issue.record("events \(got) != \(want)", sourceLocation: sourceLocation) }
}

/// Compares a reported [t, x, y, z] with the expected one to 1e-9.
public func expectSample(_ got: [Double]?, _ want: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    guard let got, got.count == 4, zip(got, want).allSatisfy({ abs($0 - $1) <= 1e-9 }) else {
        Issue.record("sample \(got.map { "\($0)" } ?? "missing") != \(want)", sourceLocation: sourceLocation)
        return
    }
}

/// An evdev device: the udev description plus the ioctl answers libevdev needs.
public struct EvdevFixture {
    public var syspath = "/sys/devices/virtual/input/input7/event3"
    public var node = "/dev/input/event3"
    public var name = "Test Accelerometer"
    public var accelerometerProperty = true
    public var udevProperties: [String: String] = [:]
    /// ABS codes with (min, max, resolution).
    public var axes: [(code: Int, min: Int32, max: Int32, resolution: Int32)] = [(0, -8192, 8192, 1024), (1, -8192, 8192, 1024), (2, -8192, 8192, 1024)]
    public var hasTimestamp = true

    public init() {}

    public var parent: String { String(syspath[..<syspath.lastIndex(of: "/")!]) }

    public var description: String {
        let absBits = axes.reduce(UInt64(0)) { $0 | (1 << UInt64($1.code)) }
        let props: UInt64 = accelerometerProperty ? 0x40 : 0
        let event = deviceDescription(
            syspath: syspath, node: node,
            properties: ["SUBSYSTEM": "input", "ID_INPUT": "1"].merging(udevProperties) { $1 },
            attributes: [("dev", "13:67")])
        let input = deviceDescription(
            syspath: parent, properties: ["SUBSYSTEM": "input", "NAME": "\"\(name)\""],
            attributes: [("name", name), ("properties", String(props, radix: 16)),
                         ("capabilities/abs", String(absBits, radix: 16)), ("capabilities/msc", hasTimestamp ? "20" : "0")])
        return event + input
    }

    /// Answers for EVIOCG* in umockdev's ioctl file format (`NAME(arg) ret hexdata`).
    public var ioctls: String {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02X", $0) }.joined() }
        func le64(_ v: UInt64) -> [UInt8] { stored(Int64(bitPattern: v), bytes: 8) }
        let types: UInt64 = (1 << 0) | (1 << 3) | (hasTimestamp ? 1 << 4 : 0)
        var nameBytes = Array(name.utf8) + [0]
        let nameLength = nameBytes.count
        nameBytes += [UInt8](repeating: 0, count: 255 - nameBytes.count)
        var lines = ["@DEV \(node)",
                     "EVIOCGBIT(0) 8 " + hex(le64(types)),
                     "EVIOCGNAME(0) \(nameLength) " + hex(nameBytes),
                     "EVIOCGID 0 " + hex(stored(3, bytes: 2) + stored(0x1234, bytes: 2) + stored(0x5678, bytes: 2) + stored(1, bytes: 2)),
                     "EVIOCGVERSION 0 01000100",
                     "EVIOCGPROP(0) 8 " + hex(le64(accelerometerProperty ? 0x40 : 0))]
        for (type, size) in [(1, 96), (2, 8), (5, 8), (17, 8), (18, 8), (21, 16)] {
            lines.append("EVIOCGBIT(\(type)) \(size) " + String(repeating: "00", count: size))
        }
        lines.append("EVIOCGBIT(3) 8 " + hex(le64(axes.reduce(0) { $0 | (1 << UInt64($1.code)) })))
        lines.append("EVIOCGBIT(4) 8 " + hex(le64(hasTimestamp ? 1 << 5 : 0)))
        lines.append("EVIOCGKEY(0) 96 " + String(repeating: "00", count: 96))
        lines.append("EVIOCGLED(0) 8 " + String(repeating: "00", count: 8))
        lines.append("EVIOCGSW(0) 8 " + String(repeating: "00", count: 8))
        for axis in axes {
            let info = [0, axis.min, axis.max, 0, 0, axis.resolution].flatMap { stored(Int64($0), bytes: 4) }
            lines.append((axis.code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(axis.code))") + " 0 " + hex(info))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func install(in testbed: Testbed) throws {
        testbed.add(description)
        try testbed.loadIoctl(node: node, text: ioctls)
    }
}

/// One `struct input_event` (64-bit layout: seconds, microseconds, type, code, value).
public func inputEvent(_ time: Double, _ type: UInt16, _ code: UInt16, _ value: Int32) -> [UInt8] {
    let sec = Int64(time.rounded(.down))
    let usec = Int64(((time - Double(sec)) * 1e6).rounded())
    return stored(sec, bytes: 8) + stored(usec, bytes: 8) + stored(Int64(type), bytes: 2) + stored(Int64(code), bytes: 2)
        + stored(Int64(value), bytes: 4)
}

public enum EV {
    public static let syn: UInt16 = 0, abs: UInt16 = 3, msc: UInt16 = 4
    public static let report: UInt16 = 0, dropped: UInt16 = 3, timestamp: UInt16 = 5
}
