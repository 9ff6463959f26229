// Test harness: runs SquatSensors inside a umockdev testbed (started by the tests with
// UMOCKDEV_DIR and LD_PRELOAD) and prints what it sees, one line per event:
//   ready | sample <t> <x> <y> <z> | gap | ended [error | device-gone] | added <kind> <syspath> <matrix-source> | removed <syspath>
// Usage: SensorHarness stream [--device QUERY] [--count N] [--accelerometer MATCH] [--mount-matrix MATCH=MATRIX]
//                              [--rate NAME-GLOB=HZ]
//        SensorHarness all [--count N]   (every device at once, lines prefixed with the sysname)
//        SensorHarness monitor [--count N]
//        SensorHarness reopen [--device QUERY] [--times N]   (opens and closes a stream, then a
//                              monitor, once and then N times each; prints `fds <open
//                              descriptors>` after the first of each, after N streams and after
//                              N monitors)
// --accelerometer, --mount-matrix and --rate stand for configuration entries (DeviceOverride);
// options that name a device the same way make one entry, as one [[device]] table would (the
// first entry that matches a device applies).
import Foundation
import SquatSensors

/// Unbuffered, so the test sees each line as it happens.
func emit(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), arguments.index(after: i) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: i)]
}
let count = option("--count").flatMap(Int.init) ?? Int.max
var settings = SensorSettings()
/// Changes the entry for `match`, made if there is none yet.
@MainActor func override(_ match: DeviceMatch, _ change: (inout DeviceOverride) -> Void) {
    if let i = settings.overrides.firstIndex(where: { $0.match == match }) {
        change(&settings.overrides[i])
    } else {
        var entry = DeviceOverride(match: match)
        change(&entry)
        settings.overrides.append(entry)
    }
}
if let name = option("--accelerometer") {
    override(DeviceMatch(query: name)) { $0.isAccelerometer = true }
}
if let entry = option("--mount-matrix"), let split = entry.firstIndex(of: "=") {
    let matrix = try MountMatrix(parsing: String(entry[entry.index(after: split)...]))
    override(DeviceMatch(query: String(entry[..<split]))) { $0.mountMatrix = matrix }
}
if let entry = option("--rate"), let split = entry.firstIndex(of: "="), let hz = Double(entry[entry.index(after: split)...]) {
    override(DeviceMatch(name: String(entry[..<split]))) { $0.rate = hz }
}

switch arguments.first {
case "stream":
    do {
        let device = try SensorDiscovery(settings: settings).device(matching: option("--device"))
        let stream = try SensorStream.open(device, settings: settings)
        emit("ready \(device.kind.rawValue) \(device.identity.node ?? "-") \(device.mountMatrixSource.rawValue)")
        var samples = 0
        for await event in stream {
            switch event {
            case .sample(let s):
                // Samples delivered with the last one asked for (in the same batch) are not shown.
                guard samples < count else { continue }
                emit("sample \(s.t) \(s.x) \(s.y) \(s.z)")
                samples += 1
                if samples == count { stream.close() }
            case .gap:
                emit("gap")
            case .ended(let error):
                emit(error.map { "ended \($0)" } ?? (stream.deviceWentAway ? "ended device-gone" : "ended"))
            }
        }
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        if case .permissionDenied = error { exit(77) }
        exit(1)
    }
case "all":
    // Every device at once, each its own stream; lines are prefixed with the sysname.
    do {
        let devices = try SensorDiscovery(settings: settings).devices()
        let streams = try devices.map { try SensorStream.open($0, settings: settings) }
        emit("ready \(streams.count)")
        await withTaskGroup(of: Void.self) { group in
            for stream in streams {
                group.addTask {
                    let name = stream.device.identity.sysname
                    var samples = 0
                    for await event in stream {
                        switch event {
                        case .sample(let s):
                            guard samples < count else { continue }
                            emit("\(name) sample \(s.t) \(s.x) \(s.y) \(s.z)")
                            samples += 1
                            if samples == count { stream.close() }
                        case .gap: emit("\(name) gap")
                        case .ended: emit("\(name) ended")
                        }
                    }
                }
            }
        }
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
case "monitor":
    do {
        let monitor = try SensorMonitor()
        emit("ready")
        var seen = 0
        for await change in monitor {
            switch change {
            case .added(let d): emit("added \(d.kind.rawValue) \(d.identity.syspath) \(d.mountMatrixSource.rawValue)")
            case .removed(let syspath): emit("removed \(syspath)")
            }
            seen += 1
            if seen == count { monitor.stop() }
        }
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
case "reopen":
    // What a daemon does with a device that drops out and comes back, and on every reload.
    func openDescriptors() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1 }
    let times = option("--times").flatMap(Int.init) ?? 10
    do {
        let device = try SensorDiscovery(settings: settings).device(matching: option("--device"))
        func reopenStream() async throws {
            let stream = try SensorStream.open(device, settings: settings)
            stream.close()
            for await _ in stream {}
        }
        func replaceMonitor() async throws {
            let monitor = try SensorMonitor()
            monitor.stop()
            for await _ in monitor {}
        }
        // Once first: the runtime and the libraries open a few descriptors of their own once.
        try await reopenStream()
        try await replaceMonitor()
        emit("fds \(openDescriptors())")
        for _ in 0..<times { try await reopenStream() }
        emit("fds \(openDescriptors())")
        for _ in 0..<times { try await replaceMonitor() }
        emit("fds \(openDescriptors())")
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data("usage: SensorHarness stream|all|monitor|reopen [--device QUERY] [--count N] [--times N]\n".utf8))
    exit(2)
}
