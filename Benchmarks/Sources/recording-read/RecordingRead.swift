import Glibc
import SquatCore
import SquatRecordings

/// Measures writing and streaming-reading recordings of growing size, and shows that the
/// reader's memory does not grow with the file:
///
///     swift build -c release && .build/release/recording-read [--rows 2000000]
///
/// (Run the binary itself: `swift run` execs it, and the peak RSS it inherits is SwiftPM's.)
///
/// For each size (rows/100, rows/10, rows) it writes a 1 kHz recording v1 with a gyroscope
/// column (ignored by the reader), then reads it back, and prints rows per second for both,
/// MB/s read, and the peak resident set size of the process so far: with a streaming reader
/// (and writer) it stays flat while the file grows a hundredfold.
@main
struct RecordingRead {
    static func main() throws {
        var rows = 2_000_000
        var arguments = CommandLine.arguments.dropFirst()
        while let flag = arguments.popFirst() {
            guard flag == "--rows", let value = arguments.popFirst().flatMap(Int.init), value >= 100 else {
                print("usage: recording-read [--rows N (≥ 100)]")
                exit(64)
            }
            rows = value
        }
        let path = "/tmp/squatd-recording-read-\(getpid()).csv"
        defer { unlink(path) }
        print("     rows  write rows/s  read rows/s  read MB/s  peak RSS")
        for size in [rows / 100, rows / 10, rows] {
            let clock = ContinuousClock()
            let writeStart = clock.now
            let writer = try RecordingWriter(to: path, metadata: [("placement", "thigh"), ("device", "benchmark")])
            for i in 0..<size {
                let t = Double(i) / 1000
                try writer.write(Sample(t: t, x: sin(t), y: 9.81 * cos(t / 3), z: 0.5 * sin(t * 7)))
            }
            try writer.close()
            let writeSeconds = seconds(clock.now - writeStart)

            var info = stat()
            stat(path, &info)
            let readStart = clock.now
            let reader = try RecordingReader(path: path)
            var count = 0
            var checksum = 0.0
            while let sample = try reader.next() {
                count += 1
                checksum += sample.z
            }
            let readSeconds = seconds(clock.now - readStart)
            precondition(count == size && checksum.isFinite)

            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            print(pad(size, 9), pad(Int(Double(size) / writeSeconds), 13), pad(Int(Double(size) / readSeconds), 12),
                  pad(Int(Double(info.st_size) / readSeconds / 1e6), 10),
                  pad(usage.ru_maxrss, 7) + " KiB")
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
