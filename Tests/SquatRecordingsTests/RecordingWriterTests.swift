import Testing
import SquatCore
@testable import SquatRecordings

@Suite struct RecordingWriterTests {
    @Test func writesVersionMetadataHeaderAndFixedDecimals() throws {
        let dir = TemporaryDirectory()
        let writer = try RecordingWriter(to: dir.path + "/out.csv",
                                         metadata: [("placement", "thigh"), ("note", "two\nlines"), ("squatd-recording", "9")])
        try writer.write(Sample(t: 0, x: -8.402354, y: -0.551706, z: 5.094044))
        try writer.write(Sample(t: 0.0125, x: 9.80665, y: 0, z: -0.000004))
        try writer.write(Sample(t: 1234.5, x: -123.456785, y: 1e-9, z: 42))
        try writer.close()
        #expect(dir.read("out.csv") == """
            # squatd-recording: 1
            # placement: thigh
            # note: two lines
            t,ax,ay,az
            0.000000,-8.40235,-0.55171,5.09404
            0.012500,9.80665,0.00000,0.00000
            1234.500000,-123.45679,0.00000,42.00000

            """)
    }

    @Test func refusesWhatTheReaderWouldReject() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/out.csv"
        let writer = try RecordingWriter(to: file, metadata: [("placement", "waist")])
        try writer.write(Sample(t: 1, x: 0, y: 0, z: 9.8))
        #expect(throws: RecordingError(file: file, line: 5, column: 3, kind: .nonFiniteValue(column: "ay", text: "nan"))) {
            try writer.write(Sample(t: 2, x: 0, y: .nan, z: 9.8))
        }
        #expect(throws: RecordingError(file: file, line: 5, column: 1, kind: .timeRepeated(t: 1.0000001))) {
            try writer.write(Sample(t: 1.0000001, x: 0, y: 0, z: 9.8))
        }
        #expect(throws: RecordingError(file: file, line: 5, column: 1, kind: .timeBackwards(t: 0.5, previous: 1))) {
            try writer.write(Sample(t: 0.5, x: 0, y: 0, z: 9.8))
        }
        try writer.write(Sample(t: 2, x: 0, y: 0, z: 9.8))
        try writer.close()
        #expect(dir.read("out.csv").hasSuffix("t,ax,ay,az\n1.000000,0.00000,0.00000,9.80000\n2.000000,0.00000,0.00000,9.80000\n"))
    }

    @Test func roundTripThroughTheReader() throws {
        let dir = TemporaryDirectory()
        let file = dir.path + "/round.csv"
        var samples: [Sample] = []
        var state: UInt64 = 42
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 4_000_000) / 100_000 - 20 // -20 … 20 m/s²
        }
        for i in 0..<20_000 { samples.append(Sample(t: 1_700_000_000 + Double(i) * 0.0013, x: next(), y: next(), z: next())) }
        let writer = try RecordingWriter(to: file, metadata: [("placement", "calf"), ("device", "sim, v2"), ("expected_reps", "7")])
        for s in samples { try writer.write(s) }
        try writer.close()

        let reader = try RecordingReader(path: file)
        #expect(reader.format == .recordingV1)
        #expect(reader.metadata.pairs.map { "\($0.key)=\($0.value)" }
                == ["squatd-recording=1", "placement=calf", "device=sim, v2", "expected_reps=7"])
        var read: [Sample] = []
        while let s = try reader.next() { read.append(s) }
        #expect(read.count == samples.count)
        // Values come back within the rounding of their decimals (t: 6, acceleration: 5).
        let worst = zip(samples, read).map { a, b in
            max(abs(a.t - b.t) / 5e-7, abs(a.x - b.x) / 5e-6, abs(a.y - b.y) / 5e-6, abs(a.z - b.z) / 5e-6)
        }.max()!
        #expect(worst <= 1.0001)
    }

    @Test func reportsAnUnwritablePath() {
        #expect(throws: RecordingError(file: "/nonexistent/dir/x.csv", line: 0, column: 0, kind: .unwritable(errno: 2))) {
            _ = try RecordingWriter(to: "/nonexistent/dir/x.csv", metadata: [])
        }
    }

    @Test func formatsFixedDecimalsWithoutFoundation() {
        func formatted(_ v: Double, _ d: Int) -> String {
            let out = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 1)
            defer { out.deallocate() }
            let n = ByteFormatting.appendFixed(v, decimals: d, to: out, at: 0)
            return String(decoding: UnsafeRawBufferPointer(start: out, count: n), as: UTF8.self)
        }
        #expect(formatted(0.5, 0) == "1")
        #expect(formatted(-0.5, 0) == "-1")
        #expect(formatted(0.123455, 5) == "0.12346")
        #expect(formatted(-0.000004, 5) == "0.00000")
        #expect(formatted(-0.000006, 5) == "-0.00001")
        #expect(formatted(1_700_000_000.123456, 6) == "1700000000.123456")
        #expect(formatted(1e20, 5) == "1e+20")
        #expect(formatted(99.999999, 5) == "100.00000")
    }
}
