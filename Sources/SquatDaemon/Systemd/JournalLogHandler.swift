import Foundation
import Logging
#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler that writes one line per message to standard error, in the form journald
/// or a person at a terminal reads best.
///
/// For journald (`journal: true`) each line starts with the syslog priority in angle brackets,
/// which journald strips and stores as the entry's priority (sd-daemon(3)), and carries no time
/// (journald adds its own):
/// ```
/// <4>squatd.sensors: device unplugged device=Sony_DualSense_1234
/// ```
/// In a terminal each line starts with the local time and the level:
/// ```
/// 2026-11-21T07:30:12.345 warning squatd.sensors: device unplugged device=Sony_DualSense_1234
/// ```
/// Metadata follows as sorted `key=value` pairs, values in double quotes when they hold spaces,
/// quotes or nothing. Journald makes every line a separate entry, so line breaks inside a message
/// or value are written as `\n`: one log call stays one journal entry. Each line is written with
/// a single write(2), so lines from concurrent tasks never interleave.
public struct JournalLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// The logger's label, written before the message.
    public let label: String
    /// Whether lines carry `<N>` priority prefixes (for journald) rather than time and level.
    public let journal: Bool
    private let output: @Sendable (String) -> Void

    /// A handler writing to standard error; `journal` is usually ``isStderrJournal(environment:)``.
    public init(label: String, journal: Bool) {
        self.init(label: label, journal: journal) { line in
            var line = line
            line.withUTF8 { bytes in
                var done = 0
                while done < bytes.count {
                    let count = write(STDERR_FILENO, bytes.baseAddress! + done, bytes.count - done)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { return }
                    done += count
                }
            }
        }
    }

    /// A handler passing each finished line (newline included) to `output`; for tests.
    init(label: String, journal: Bool, output: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.journal = journal
        self.output = output
    }

    /// Whether standard error is connected to journald: systemd sets `JOURNAL_STREAM` to the
    /// `device:inode` of the stream it connects, and a process whose stderr was redirected since
    /// (to a file or pipe) no longer matches (systemd.exec(5)).
    public static func isStderrJournal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        if let error = event.error { merged["error"] = "\(error)" }

        var line = journal
            ? "<\(Self.priority(event.level))>"
            : "\(Self.localTime()) \(event.level) "
        line += label
        line += ": "
        line += Self.escapingLineBreaks(event.message.description)
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.quotedIfNeeded(Self.escapingLineBreaks(value.description)))"
        }
        line += "\n"
        output(line)
    }

    /// The syslog priority (sd-daemon(3) `SD_*`) of a level: trace and debug 7, info 6, notice 5,
    /// warning 4, error 3, critical 2.
    static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: return 7
        case .info: return 6
        case .notice: return 5
        case .warning: return 4
        case .error: return 3
        case .critical: return 2
        }
    }

    private static func escapingLineBreaks(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\\n")
    }

    private static func quotedIfNeeded(_ text: String) -> String {
        guard text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" }) else { return text }
        return "\"" + String(text.flatMap { $0 == "\"" ? ["\\", "\""] : [$0] }) + "\""
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmm` in local time.
    private static func localTime() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        localtime_r(&now.tv_sec, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) + ".\(fraction)"
    }
}
