import Testing
import SquatCore
@testable import SquatRecordings

/// Reads `bytes` through a temporary file; returns the reader (after reading everything) and the samples.
private func readAll(_ bytes: [UInt8], name: String = "rec.csv") throws -> (reader: RecordingReader, samples: [Sample]) {
    let dir = TemporaryDirectory()
    let reader = try RecordingReader(path: dir.write(name, bytes: bytes))
    var samples: [Sample] = []
    while let s = try reader.next() { samples.append(s) }
    return (reader, samples)
}

private func readAll(_ text: String) throws -> (reader: RecordingReader, samples: [Sample]) {
    try readAll(Array(text.utf8))
}

/// The error reading `text` produces, with the file name replaced by `F`.
private func failure(_ bytes: [UInt8]) -> RecordingError? {
    do {
        _ = try readAll(bytes)
        return nil
    } catch {
        var e = error as! RecordingError
        e.file = "F"
        return e
    }
}

private func failure(_ text: String) -> RecordingError? { failure(Array(text.utf8)) }

private let twoSamples = [Sample(t: 0, x: 1, y: 2, z: 9.5), Sample(t: 0.01, x: -1.5, y: 0, z: 9.75)]

@Suite struct RecordingReaderValidVariants {
    @Test func plainRecordingV1WithMetadata() throws {
        let (reader, samples) = try readAll("""
            # squatd-recording: 1
            # placement: thigh
            # device: test rig
            t,ax,ay,az
            0,1,2,9.5
            0.01,-1.5,0,9.75

            """)
        #expect(samples == twoSamples)
        #expect(reader.format == .recordingV1)
        #expect(reader.headerLine == 4)
        #expect(reader.metadata["placement"] == "thigh")
        #expect(reader.metadata["Device"] == "test rig")
        #expect(reader.metadata.entry("device")?.line == 3)
    }

    @Test func crlfBomBlankLinesCommentsAnywhereAndNoFinalNewline() throws {
        let text = "\u{FEFF}\r\n# a plain comment: not metadata because of spaces\r\n\r\n t,ax,ay,az\r\n# placement: calf\r\n\r\n0,1,2,9.5\r\n   \r\n# expected_reps: 3\r\n0.01,-1.5,0,9.75"
        let dir = TemporaryDirectory()
        let reader = try RecordingReader(path: dir.write("r.csv", text))
        // Metadata between header and first sample is visible right after init …
        #expect(reader.metadata.pairs.map(\.key) == ["placement"])
        #expect(reader.metadata.entry("placement")?.line == 5)
        var samples: [Sample] = []
        while let s = try reader.next() { samples.append(s) }
        #expect(samples == twoSamples)
        // … and metadata after the first sample once next() has passed it.
        #expect(reader.metadata["expected_reps"] == "3")
        #expect(reader.headerLine == 4)
    }

    @Test func extraAndReorderedColumnsAreFoundByName() throws {
        let (_, samples) = try readAll("gz,az,t,note,ay,gx,ax\n0,9.5,0,x,2,junk,1\n1,9.75,0.01,\"a, b\",0,,-1.5\n")
        #expect(samples == twoSamples)
    }

    @Test func extraColumnsAfterTheNeededOnesAreNotEvenChecked() throws {
        let (_, samples) = try readAll("t,ax,ay,az,gx,gy,gz\n0,1,2,9.5,not,a,number\n0.01,-1.5,0,9.75\n")
        #expect(samples == twoSamples)
    }

    @Test func spacesAroundNumbersAndExponents() throws {
        let (_, samples) = try readAll("t, ax , ay ,az\n 0 , 1e0 ,+2, 9.5\n1e-2,-1.5,.0,975E-2\n")
        #expect(samples == twoSamples)
    }

    @Test func phyphoxAccelerationWithGravity() throws {
        let (reader, samples) = try readAll("""
            "Time (s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"
            0.000000000E0,1.000000000E0,2.000000000E0,9.500000000E0,9.7
            1.000000000E-2,-1.500000000E0,0.000000000E0,9.750000000E0,9.8
            """)
        #expect(reader.format == .phyphoxAcceleration)
        #expect(reader.format.includesGravity)
        #expect(samples == twoSamples)
    }

    @Test func phyphoxLinearAccelerationIsReadButFlagged() throws {
        let (reader, samples) = try readAll("""
            "Time (s)","Linear Acceleration x (m/s^2)","Linear Acceleration y (m/s^2)","Linear Acceleration z (m/s^2)","Absolute acceleration (m/s^2)"
            0,1,2,9.5,0
            0.01,-1.5,0,9.75,0
            """)
        #expect(reader.format == .phyphoxLinearAcceleration)
        #expect(!reader.format.includesGravity)
        #expect(samples == twoSamples)
    }

    @Test func phyphoxExportOfSeveralSensorsCountsWithTotalAcceleration() throws {
        let (reader, samples) = try readAll("""
            "Time (s)","Linear Acceleration x (m/s^2)","Linear Acceleration y (m/s^2)","Linear Acceleration z (m/s^2)","Gyroscope x (rad/s)","Acceleration x (m/s^2)","Acceleration y (m/s^2)","Acceleration z (m/s^2)"
            0,0,0,0,0.1,1,2,9.5
            0.01,0,0,0,0.1,-1.5,0,9.75
            """)
        #expect(reader.format == .phyphoxAcceleration)
        #expect(samples == twoSamples)
    }

    @Test func phyphoxHeaderWithoutAccelerationNamesTheMissingColumn() {
        #expect(failure("\"Time (s)\",\"Magnetic field x (µT)\"\n0,1\n")
                == RecordingError(file: "F", line: 1, column: 3, kind: .missingColumn(name: "acceleration x (m/s^2)")))
    }

    @Test func phyphoxSemicolonWithDecimalCommaAndTabSeparated() throws {
        let semicolon = try readAll("\"Time (s)\";\"Acceleration x (m/s^2)\";\"Acceleration y (m/s^2)\";\"Acceleration z (m/s^2)\"\n0,000;1,0;2;9,5\n0,01;-1,5;0;9,75\n")
        #expect(semicolon.samples == twoSamples)
        let tab = try readAll("\"Time (s)\"\t\"Acceleration x (m/s^2)\"\t\"Acceleration y (m/s^2)\"\t\"Acceleration z (m/s^2)\"\n0\t1\t2\t9.5\n0.01\t-1.5\t0\t9.75\n")
        #expect(tab.samples == twoSamples)
    }

    @Test func phyphoxInGIsConverted() throws {
        let (_, samples) = try readAll("\"Time (s)\",\"Acceleration x (g)\",\"Acceleration y (g)\",\"Acceleration z (g)\"\n0,0,0,1\n0.5,-1,0.5,0\n")
        #expect(samples == [Sample(t: 0, x: 0, y: 0, z: 9.80665), Sample(t: 0.5, x: -9.80665, y: 4.903325, z: 0)])
    }

    @Test func metaWearUsesElapsedSecondsAndConvertsG() throws {
        let (reader, samples) = try readAll("""
            epoch (ms),time (01:00),elapsed (s),x-axis (g),y-axis (g),z-axis (g)
            1547222744218,2019-01-11T17.05.44.218,0.000,0.5,-0.25,1.0
            1547222744298,2019-01-11T17.05.44.298,0.080,0.0,0.0,-1.0
            """)
        #expect(reader.format == .metaWear)
        #expect(samples == [Sample(t: 0, x: 4.903325, y: -2.4516625, z: 9.80665),
                            Sample(t: 0.08, x: 0, y: 0, z: -9.80665)])
    }

    @Test func metaWearWithoutElapsedUsesEpochMilliseconds() throws {
        let (_, samples) = try readAll("epoch (ms),x-axis (g),y-axis (g),z-axis (g)\n1000,0,0,1\n1080,0,0,1\n")
        #expect(samples.map(\.t) == [1, 1.08])
    }
}

@Suite struct RecordingReaderErrors {
    @Test func nonNumericField() {
        #expect(failure("# c\nt,ax,ay,az\n0,1,2,3\n0.1,1,abc,3\n")
                == RecordingError(file: "F", line: 4, column: 3, kind: .nonNumericField(column: "ay", text: "abc")))
        #expect(failure("t,ax,ay,az\n0,1,,3\n")
                == RecordingError(file: "F", line: 2, column: 3, kind: .nonNumericField(column: "ay", text: "")))
        #expect(failure("t,ax,ay,az\n0,0x1p3,0,3\n")
                == RecordingError(file: "F", line: 2, column: 2, kind: .nonNumericField(column: "ax", text: "0x1p3")))
        #expect(failure("t,ax,ay,az\n0,1.5.5,0,3\n")?.kind == .nonNumericField(column: "ax", text: "1.5.5"))
        // An exponent without digits.
        #expect(failure("t,ax,ay,az\n0,1e,0,3\n")?.column == 2)
    }

    @Test func missingColumnInARowAndInTheHeader() {
        #expect(failure("t,ax,ay,az\n0,1,2,3\n\n0.1,1,2\n")
                == RecordingError(file: "F", line: 4, column: 4, kind: .missingColumn(name: "az")))
        #expect(failure("t,ax,az\n0,1,2\n")
                == RecordingError(file: "F", line: 1, column: 4, kind: .missingColumn(name: "ay")))
        #expect(failure("epoch (ms),elapsed (s),x-axis (g),z-axis (g)\n0,0,0,1\n")
                == RecordingError(file: "F", line: 1, column: 5, kind: .missingColumn(name: "y-axis (g)")))
    }

    @Test func nanOrInfiniteValue() {
        #expect(failure("t,ax,ay,az\n0,1,2,3\n0.1,NaN,2,3\n")
                == RecordingError(file: "F", line: 3, column: 2, kind: .nonFiniteValue(column: "ax", text: "NaN")))
        #expect(failure("t,ax,ay,az\n0,1,2,-inf\n")
                == RecordingError(file: "F", line: 2, column: 4, kind: .nonFiniteValue(column: "az", text: "-inf")))
        #expect(failure("t,ax,ay,az\n0,1,1e999,3\n")
                == RecordingError(file: "F", line: 2, column: 3, kind: .nonFiniteValue(column: "ay", text: "1e999")))
    }

    @Test func timeGoingBackwardsOrRepeating() {
        #expect(failure("t,ax,ay,az\n1,1,2,3\n2,1,2,3\n# note\n1.5,1,2,3\n")
                == RecordingError(file: "F", line: 5, column: 1, kind: .timeBackwards(t: 1.5, previous: 2)))
        #expect(failure("ax,ay,az,t\n1,2,3,1\n1,2,3,1\n")
                == RecordingError(file: "F", line: 3, column: 4, kind: .timeRepeated(t: 1)))
    }

    @Test func unknownHeader() {
        #expect(failure("# squatd-recording: 1\n\ntime,x,y,z\n0,1,2,3\n")
                == RecordingError(file: "F", line: 3, column: 1, kind: .unknownHeader(text: "time,x,y,z")))
        // A file without a header starts with numbers.
        #expect(failure("0,1,2,3\n")?.kind == .unknownHeader(text: "0,1,2,3"))
    }

    @Test func unsupportedVersion() {
        #expect(failure("# squatd-recording: 2\nt,ax,ay,az\n0,1,2,3\n")
                == RecordingError(file: "F", line: 1, column: 1, kind: .unsupportedVersion("2")))
    }

    @Test func noSamples() {
        #expect(failure("") == RecordingError(file: "F", line: 0, column: 0, kind: .noSamples))
        #expect(failure("# squatd-recording: 1\n# placement: thigh\n")?.kind == .noSamples)
        #expect(failure("t,ax,ay,az\n\n# nothing\n")?.kind == .noSamples)
        #expect(failure([0xEF, 0xBB, 0xBF])?.kind == .noSamples)
    }

    @Test func unreadableFile() {
        #expect(throws: RecordingError(file: "/nonexistent/rec.csv", line: 0, column: 0, kind: .unreadable(errno: 2))) {
            _ = try RecordingReader(path: "/nonexistent/rec.csv")
        }
        let dir = TemporaryDirectory()
        #expect(throws: RecordingError(file: dir.path, line: 0, column: 0, kind: .unreadable(errno: 21))) {
            _ = try RecordingReader(path: dir.path)
        }
    }

    @Test func errorsRepeatOnceReadingFailed() throws {
        let dir = TemporaryDirectory()
        let reader = try RecordingReader(path: dir.write("r.csv", "t,ax,ay,az\n0,1,2,3\n1,x,2,3\n2,1,2,3\n"))
        #expect(try reader.next() != nil)
        let first = #expect(throws: RecordingError.self) { try reader.next() }
        let second = #expect(throws: RecordingError.self) { try reader.next() }
        #expect(first == second)
        #expect(first?.line == 3)
    }

    @Test func messagesAreWrittenInOnePlaceAsFileLineColumn() {
        #expect(RecordingError(file: "a.csv", line: 4, column: 3, kind: .nonNumericField(column: "ay", text: "abc")).description
                == "a.csv:4:3: non-numeric field 'abc' where a number is expected (ay)")
        #expect(RecordingError(file: "a.csv", line: 9, column: 1, kind: .timeBackwards(t: 1.5, previous: 2)).description
                == "a.csv:9:1: time goes backwards: 1.5 s after 2.0 s")
        #expect(RecordingError(file: "a.csv", line: 2, column: 1, kind: .unknownHeader(text: "\u{0}\u{1}ab'c")).description
                == "a.csv:2:1: unknown header '\\x00\\x01ab\\'c': expected recording v1 (t,ax,ay,az), a phyphox acceleration export or a MetaWear accelerometer export")
        #expect(RecordingError(file: "a.csv", line: 0, column: 0, kind: .unreadable(errno: 2)).description
                == "a.csv: cannot read: No such file or directory")
        #expect(RecordingError(file: "a.csv", line: 0, column: 0, kind: .noSamples).description == "a.csv: no samples")
        let long = RecordingError(file: "a", line: 1, column: 1, kind: .unknownHeader(text: String(repeating: "x", count: 500))).description
        #expect(long.count < 250)
    }
}

@Suite struct RecordingReaderHostileInput {
    @Test func aTwoMegabyteLineIsReportedNotBuffered() {
        let line = [UInt8](repeating: UInt8(ascii: "7"), count: 2_000_000)
        #expect(failure(Array("t,ax,ay,az\n0,1,2,3\n".utf8) + line + [10])
                == RecordingError(file: "F", line: 3, column: 1, kind: .lineTooLong(limit: RecordingReader.maximumLineLength)))
        #expect(failure(line)?.kind == .lineTooLong(limit: RecordingReader.maximumLineLength))
        #expect(failure(Array("# ".utf8) + line)?.line == 1)
    }

    @Test func aLineJustUnderTheLimitIsFine() throws {
        let padding = String(repeating: "0", count: RecordingReader.maximumLineLength - 20)
        let (_, samples) = try readAll("t,ax,ay,az,pad\n0,1,2,9.5,\(padding)\n0.01,-1.5,0,9.75\n")
        #expect(samples == twoSamples)
    }

    @Test func nulBytesAndBinaryGarbage() {
        #expect(failure([0, 0, 0, 10, 0, 10])?.kind == .unknownHeader(text: "\0\0\0"))
        #expect(failure(Array("t,ax,ay,az\n0,1,2\u{0},3\n".utf8))
                == RecordingError(file: "F", line: 2, column: 3, kind: .nonNumericField(column: "ay", text: "2\u{0}")))
        // Deterministic pseudo-random bytes: whatever the error, reading ends with one.
        var state: UInt64 = 0x9E3779B97F4A7C15
        for size in [1, 100, 70_000, 300_000] {
            var bytes: [UInt8] = []
            for _ in 0..<size {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            #expect(failure(bytes) != nil)
            #expect(failure(Array("t,ax,ay,az\n".utf8) + bytes) != nil)
        }
    }

    @Test func manyLinesAcrossChunkBoundariesKeepTheirNumbers() throws {
        // ~2.5 MB, rows straddle the 64 KiB chunk boundaries; the error's line number must be exact.
        var text = "t,ax,ay,az\n"
        for i in 0..<100_000 { text += "\(i).5,1.25,-2.5,9.80665\n" }
        text += "100000.5,1.25,oops,9.8\n"
        let error = failure(text)
        #expect(error == RecordingError(file: "F", line: 100_002, column: 3, kind: .nonNumericField(column: "ay", text: "oops")))
    }
}

/// Found by a review (November 2026): each failed before its fix.
@Suite struct RecordingReaderReviewFindings {
    @Test func aLineAtTheLimitWithCRLFAcrossAChunkBoundaryIsFine() throws {
        // Comment lines up to byte 65,536 exactly, so the long line's "\r" is read with the
        // first chunk's tail and its "\n" with the next chunk.
        var text = "t,ax,ay,az\r\n0,1,2,9.5\r\n"
        let filler = "# " + String(repeating: "f", count: 98) + "\r\n"
        while text.utf8.count + filler.utf8.count + 3 <= 65_536 { text += filler }
        text += "#" + String(repeating: "p", count: 65_536 - text.utf8.count - 3) + "\r\n"
        #expect(text.utf8.count == 65_536)
        text += "# " + String(repeating: "L", count: RecordingReader.maximumLineLength - 2) + "\r\n0.01,-1.5,0,9.75\r\n"
        let (_, samples) = try readAll(text)
        #expect(samples == twoSamples)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let (_, afterMark) = try readAll(bom + Array(("t,ax,ay,az," + String(repeating: "c", count: RecordingReader.maximumLineLength - 11)
                                                       + "\n0,1,2,9.5\n0.01,-1.5,0,9.75\n").utf8))
        #expect(afterMark == twoSamples, "a byte order mark does not count towards line 1's length")
    }

    @Test func commentLinesKeepMemoryBounded() throws {
        let comments = String(repeating: "# k: v\n", count: 5000)
        let (reader, samples) = try readAll("t,ax,ay,az\n0,1,2,9.5\n" + comments + "0.01,-1.5,0,9.75\n")
        #expect(samples == twoSamples)
        #expect(reader.metadata.entries.count == RecordingMetadata.maximumEntries)
    }

    @Test func metaWearRowsRepeatingATimeAreSkipped() throws {
        // MetaWear streams stamp the samples of one Bluetooth packet alike.
        let (reader, samples) = try readAll("""
            epoch (ms),time (01:00),elapsed (s),x-axis (g),y-axis (g),z-axis (g)
            1547222744218,2019-01-11T17.05.44.218,0.000,0,0,1
            1547222744218,2019-01-11T17.05.44.218,0.000,0,0,1
            1547222744298,2019-01-11T17.05.44.298,0.080,0,0,1
            """)
        #expect(samples.map(\.t) == [0, 0.08])
        #expect(reader.repeatedTimesSkipped == 1)
        // Recording v1 stays strict.
        #expect(failure("t,ax,ay,az\n0,1,2,3\n0,1,2,3\n")?.kind == .timeRepeated(t: 0))
    }

    @Test func aDoubledQuoteInsideAQuotedFieldDoesNotEndIt() throws {
        let (_, samples) = try readAll("note,t,ax,ay,az\n\"a\"\"b,c\",0,1,2,9.5\nx,0.01,-1.5,0,9.75\n")
        #expect(samples == twoSamples)
    }

    @Test func aColumnNamedTwiceIsAmbiguous() {
        #expect(failure("t,t,ax,ay,az\n0,1,1,2,3\n")
                == RecordingError(file: "F", line: 1, column: 2, kind: .duplicateColumn(name: "t")))
    }

    @Test func aGyroscopeExportIsNamedForWhatItIs() {
        #expect(failure("epoch (ms),time (01:00),elapsed (s),x-axis (deg/s),y-axis (deg/s),z-axis (deg/s)\n0,a,0,1,2,3\n")
                == RecordingError(file: "F", line: 1, column: 4, kind: .notAcceleration(name: "x-axis (deg/s)")))
        #expect(failure("\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n0,1,2,3\n")?.kind
                == .notAcceleration(name: "Gyroscope x (rad/s)"))
    }
}
