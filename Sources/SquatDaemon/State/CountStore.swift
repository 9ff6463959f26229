import Foundation
import Logging
import SystemPackage

/// Counted reps per device and day, kept in the state directory so that they survive restarts,
/// crashes and power cuts.
///
/// The counts live in one append-only journal, `counts.journal` (format: `CountJournal`): each
/// rep appends one checksummed line and is synced to disk (fdatasync) before ``recordRep(device:day:)``
/// returns, so a `kill -9` or power cut at any moment loses no rep that was reported as counted.
/// The worst a crash can leave is an incomplete last line, which opening drops (and logs).
///
/// Opening never silently resets counts. A damaged line elsewhere, or a first line that is not
/// a journal header, means the file was damaged by something other than a crash: the file is
/// copied aside as `counts.journal.corrupt-<time>`, every intact record is kept, and the journal
/// is rewritten from them. A journal from a newer squatd is copied aside as
/// `counts.journal.newer-<time>` and counting starts again from zero, with an error logged.
/// Opening also compacts a journal that has grown long (one line per day and device). Every
/// rewrite is atomic: a temporary file is synced and renamed over the journal.
///
/// A journal or directory deleted while the daemon runs (`rm -rf` of the state directory) is
/// noticed at the next rep: the directory is created again by its path (with its old mode and
/// owner) and the journal rewritten there from the counts in memory, with one warning, so
/// nothing counted since this store opened is lost. A journal moved aside or replaced while
/// the daemon runs is not followed (one moved aside still has a name, and goes on being
/// written; a file renamed into its place is overwritten): squatd must be stopped first.
///
/// One process counts into a directory at a time (an exclusive `flock` on the directory, held
/// until ``close()``). Readers need no lock: ``summary(directory:day:)`` reads a consistent
/// view while the daemon appends.
///
/// The directory is a ``FilePath``: the bytes it was named with are the ones opened, whether or
/// not they are UTF-8; messages and logs show it as `FilePath.description` does.
///
/// The class is internally locked: device tasks call ``recordRep(device:day:)`` concurrently.
public final class CountStore: @unchecked Sendable {
    /// Records beyond one per day and device after which opening compacts the journal
    /// (about 200 kB of lines; a year of 100 reps a day is about 36 500).
    static let compactionSlack = 4096

    /// The state directory.
    public let directory: FilePath
    /// The journal's path.
    public let journalPath: FilePath
    private let logger: Logger
    private let lock = NSLock()
    /// Holds the directory's flock; nil once closed.
    private var directoryHandle: StateFile?
    private var journal: StateFile?
    /// Where the next record goes: the end of the last complete record.
    private var end: Int
    /// Set when a failed append could not be cut back: the next append truncates first.
    private var needsTruncation = false
    /// Set once a state directory that cannot be created again has been logged, until it is.
    private var reportedDeletion = false
    private var counts: [LocalDay: [String: Int]]

    /// Opens (creating if needed) the store in `directory` and replays the journal; see the type's
    /// documentation for what happens to an incomplete, damaged or newer file.
    ///
    /// Throws ``StateError/inUse(path:)`` when another process has the directory open, and
    /// ``StateError/unreadable(path:call:errno:)`` or ``StateError/unwritable(path:call:errno:)``
    /// when the directory or journal cannot be created, read or rewritten.
    public init(directory: FilePath, logger: Logger) throws(StateError) {
        self.directory = directory
        self.journalPath = directory.appending(CountJournal.fileName)
        var logger = logger
        logger[metadataKey: "file"] = "\(journalPath)"
        self.logger = logger

        let directoryHandle = try StateFile.openDirectory(directory, create: true)
        var opened: StateFile?
        do {
            try directoryHandle.lockExclusively()
            if !directoryHandle.contains(CountJournal.fileName) {
                try directoryHandle.replace(CountJournal.fileName, with: CountJournal.header())
                logger.info("created an empty count journal")
            }
            var journal = try directoryHandle.open(CountJournal.fileName, writable: true)
            opened = journal
            let (counts, end, rewrite) = try Self.replay(journal, in: directoryHandle, logger: logger)
            if rewrite {
                let compacted = CountJournal.compacted(counts)
                try directoryHandle.replace(CountJournal.fileName, with: compacted)
                journal.close()
                opened = nil
                journal = try directoryHandle.open(CountJournal.fileName, writable: true)
                opened = journal
                self.end = compacted.count
            } else {
                self.end = end
            }
            self.counts = counts
            self.journal = journal
            self.directoryHandle = directoryHandle
        } catch {
            opened?.close()
            directoryHandle.close()
            throw error
        }
    }

    deinit { close() }

    /// Records one counted rep for `device` (its state key) on `day`. When this returns, the rep
    /// is on disk; when it throws (disk full, I/O error), the rep is not counted and the journal
    /// is as it was. Returns the day's summary including this rep.
    @discardableResult
    public func recordRep(device: String, day: LocalDay = .today()) throws(StateError) -> DaySummary {
        lock.lock()
        defer { lock.unlock() }
        guard let journal else { throw .closed(path: journalPath) }
        if needsTruncation {
            try journal.truncate(to: end)
            needsTruncation = false
        }
        let line = CountJournal.record(day: day, device: device, reps: 1)
        do {
            try journal.write(line, at: end)
            try journal.sync()
        } catch {
            do { try journal.truncate(to: end) } catch { needsTruncation = true }
            throw error
        }
        end += line.count
        if journal.isDeleted || directoryHandle?.isDeleted == true {
            // Counted once the new journal holds it: if that fails, the rep waits in memory.
            var withThisRep = counts
            withThisRep[day, default: [:]][device, default: 0] += 1
            try recreateJournal(with: withThisRep)
            counts = withThisRep
        } else {
            counts[day, default: [:]][device, default: 0] += 1
        }
        return DaySummary(day: day, counts: counts[day]!)
    }

    /// The journal or the directory was deleted under the open store. Creates the directory
    /// again by its path if it is gone (locking it, with the old one's mode and owner), then
    /// writes `counts` (this rep included) there as a new journal. Caller holds `lock`. On
    /// failure the old descriptors are kept, so the next rep tries again.
    private func recreateJournal(with counts: [LocalDay: [String: Int]]) throws(StateError) {
        guard let oldDirectory = directoryHandle else { throw .closed(path: journalPath) }
        let directoryWasDeleted = oldDirectory.isDeleted
        let newDirectory = directoryWasDeleted ? try createDirectoryAgain(like: oldDirectory) : oldDirectory
        do {
            if directoryWasDeleted { try newDirectory.lockExclusively() }
            let compacted = CountJournal.compacted(counts)
            try newDirectory.replace(CountJournal.fileName, with: compacted)
            let newJournal = try newDirectory.open(CountJournal.fileName, writable: true)
            journal?.close()
            journal = newJournal
            if directoryWasDeleted {
                oldDirectory.close()
                directoryHandle = newDirectory
            }
            end = compacted.count
            needsTruncation = false
            reportedDeletion = false
            let reps = counts.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            logger.warning("""
                the count journal or the state directory was deleted while squatd ran; \
                created it again with the counts kept in memory
                """, metadata: ["reps": "\(reps)"])
        } catch {
            if directoryWasDeleted { newDirectory.close() }
            throw error
        }
    }

    /// Creates the deleted state directory again by its path, with `old`'s mode and owner:
    /// under the service's UMask=0077 it would otherwise be 0700, and `squatd status` as another
    /// user could not read it. Where the daemon's user may not create it (systemd's
    /// StateDirectory= under a read-only /var/lib, ProtectSystem=strict), says once how to get
    /// it back; the reps wait in memory meanwhile.
    private func createDirectoryAgain(like old: StateFile) throws(StateError) -> StateFile {
        do {
            return try StateFile.openDirectory(directory, create: true, like: old)
        } catch {
            if case .unwritable(_, "mkdir", let code) = error, [EACCES, EPERM, EROFS].contains(code), !reportedDeletion {
                logger.error("""
                    the state directory was deleted while squatd ran and squatd may not create it \
                    again (\(error)); counts are kept in memory until it exists: restart squatd \
                    (systemd creates StateDirectory= again)
                    """)
                reportedDeletion = true
            }
            throw error
        }
    }

    /// The counts of `day` so far.
    public func summary(for day: LocalDay = .today()) -> DaySummary {
        lock.lock()
        defer { lock.unlock() }
        return DaySummary(day: day, counts: counts[day] ?? [:])
    }

    /// Closes the journal and releases the directory. Later ``recordRep(device:day:)`` calls
    /// throw ``StateError/closed(path:)``; ``summary(for:)`` keeps answering from memory.
    public func close() {
        lock.lock()
        defer { lock.unlock() }
        journal?.close()
        journal = nil
        directoryHandle?.close()
        directoryHandle = nil
    }

    /// The counts of `day` in the journal in `directory`, read without locking or writing: safe
    /// while a daemon appends (an incomplete last line is ignored). A directory without a journal
    /// yet has no counts.
    ///
    /// Throws ``StateError/missingDirectory(path:)`` when `directory` does not exist,
    /// ``StateError/corrupt(path:line:)`` for a damaged record (the daemon sets such a file
    /// aside when it next starts) and ``StateError/newerVersion(path:version:)``.
    public static func summary(directory: FilePath, day: LocalDay = .today()) throws(StateError) -> DaySummary {
        let directoryHandle: StateFile
        do {
            directoryHandle = try StateFile.openDirectory(directory, create: false)
        } catch .unreadable(_, _, ENOENT) {
            throw .missingDirectory(path: directory)
        }
        defer { directoryHandle.close() }
        guard directoryHandle.contains(CountJournal.fileName) else { return DaySummary(day: day) }
        let file = try directoryHandle.open(CountJournal.fileName, writable: false)
        defer { file.close() }
        let contents = CountJournal.parse(try file.readAll())
        if case .newer(let version) = contents.header { throw .newerVersion(path: file.path, version: version) }
        if let line = contents.damagedLines.first { throw .corrupt(path: file.path, line: line) }
        return DaySummary(day: day, counts: contents.counts[day] ?? [:])
    }

    /// Reads the journal and deals with what a crash or damage left. Returns the counts, the end
    /// of the intact records, and whether the journal must be rewritten from the counts (after
    /// damage, a newer format, or when it has grown long).
    private static func replay(_ journal: StateFile, in directory: StateFile,
                               logger: Logger) throws(StateError) -> (counts: [LocalDay: [String: Int]], end: Int, rewrite: Bool) {
        let bytes = try journal.readAll()
        let contents = CountJournal.parse(bytes)
        if case .newer(let version) = contents.header {
            let aside = try setAside(bytes, as: "newer", in: directory)
            logger.error("""
                the count journal was written by a newer squatd (format \(version); this one reads \
                format \(CountJournal.version)): kept it as \(aside) and counting starts from zero
                """)
            return ([:], 0, true)
        }
        if !contents.damagedLines.isEmpty {
            let aside = try setAside(bytes, as: "corrupt", in: directory)
            let reps = contents.counts.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            logger.error("""
                the count journal is damaged (not by a crash: complete lines fail their checksum or \
                format): kept it as \(aside), recovered \(reps) reps from \(contents.records) intact records
                """, metadata: ["lines": "\(contents.damagedLines.map(String.init).joined(separator: ","))"])
            return (contents.counts, 0, true)
        }
        if contents.tornLength > 0 {
            logger.warning("""
                dropped an incomplete last record (\(contents.tornLength) bytes) left by a crash \
                while it was being written; that rep had not been reported as counted
                """)
        }
        if contents.records - contents.distinctKeys > compactionSlack {
            logger.info("compacting the count journal", metadata: [
                "records": "\(contents.records)", "compacted": "\(contents.distinctKeys)",
            ])
            return (contents.counts, 0, true)
        }
        if contents.tornLength > 0 {
            try journal.truncate(to: contents.completeLength)
            try journal.sync()
        }
        return (contents.counts, contents.completeLength, false)
    }

    /// Saves `bytes` (a journal's contents) as `counts.journal.<reason>-<local time>` next to it,
    /// atomically, and returns that path. An existing file of that name is never overwritten.
    private static func setAside(_ bytes: [UInt8], as reason: String,
                                 in directory: StateFile) throws(StateError) -> FilePath {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y%m%dT%H%M%S", &parts)
        let stamp = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var aside = "\(CountJournal.fileName).\(reason)-\(stamp)"
        var suffix = 1
        while directory.contains(aside) {
            suffix += 1
            aside = "\(CountJournal.fileName).\(reason)-\(stamp)-\(suffix)"
        }
        try directory.replace(aside, with: bytes)
        return directory.path.appending(aside)
    }
}
