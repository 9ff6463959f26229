import Foundation
import Testing
import SquatCore
import SquatRecordings
import SystemPackage

/// A file can be read twice (what `squatd plot` does for its time axis); a pipe cannot.
@Suite struct RecordingReaderRewindTests {
    let dir = TemporaryDirectory()
    static let text = "# placement: calf\nt,ax,ay,az\n0,1,2,3\n# note: after the first sample\n0.5,4,5,6\n1,7,8,9\n"

    private func samples(_ reader: RecordingReader) throws -> [Sample] {
        var out: [Sample] = []
        while let s = try reader.next() { out.append(s) }
        return out
    }

    @Test func aRewoundFileReadsAsIfJustOpened() throws {
        let reader = try RecordingReader(path: dir.write("r.csv", Self.text))
        #expect(reader.isRewindable)
        let first = try samples(reader)
        #expect(reader.metadata["note"] == "after the first sample")
        try reader.rewind()
        #expect(reader.metadata["placement"] == "calf")
        #expect(reader.metadata["note"] == nil, "only what is above the first sample, as after init")
        #expect(try samples(reader) == first)
        #expect(first.map(\.t) == [0, 0.5, 1])
        #expect(reader.metadata["note"] == "after the first sample")
    }

    /// A bad row ends a reading; rewinding starts a new one, which meets the same row.
    @Test func rewindingClearsTheErrorUntilTheBadRowAgain() throws {
        let reader = try RecordingReader(path: dir.write("bad.csv", "t,ax,ay,az\n0,1,2,3\n1,x,2,3\n"))
        #expect(try reader.next() != nil)
        #expect(throws: RecordingError.self) { try reader.next() }
        try reader.rewind()
        #expect(try reader.next()?.t == 0)
        let error = #expect(throws: RecordingError.self) { try reader.next() }
        #expect(error?.line == 3)
    }

    @Test func aPipeIsReadOnce() throws {
        let source = dir.write("source.csv", Self.text)
        let fifo = dir.prepare("fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat '\(source)' > '\(fifo)'"]
        try writer.run()
        defer { writer.waitUntilExit() }
        let reader = try RecordingReader(path: FilePath(fifo))
        #expect(!reader.isRewindable)
        #expect(try samples(reader).count == 3)
    }
}
