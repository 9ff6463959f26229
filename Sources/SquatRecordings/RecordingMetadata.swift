/// The `# key: value` lines of a recording, in file order, with the line each came from.
///
/// A comment line is metadata when, after `#` and spaces, it has a key made of letters,
/// digits, `_`, `-` or `.`, then `:`; the value is the rest of the line, trimmed. Other
/// comment lines (`# recorded in the park`) are ignored. Keys compare ignoring ASCII case.
public struct RecordingMetadata: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var value: String
        /// Physical line (1-based) the entry was read from; 0 when not read from a file.
        public var line: Int

        public init(key: String, value: String, line: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// The key of the version line, `# squatd-recording: 1`.
    public static let versionKey = "squatd-recording"

    public private(set) var entries: [Entry] = []

    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// The first entry for `key` (ignoring ASCII case), if any.
    public func entry(_ key: String) -> Entry? {
        let wanted = key.lowercased()
        return entries.first { $0.key.lowercased() == wanted }
    }

    /// The value of the first entry for `key`, if any.
    public subscript(key: String) -> String? { entry(key)?.value }

    /// The entries as the pairs ``RecordingWriter`` takes, to copy metadata to a new file.
    public var pairs: [(key: String, value: String)] { entries.map { ($0.key, $0.value) } }

    /// Most entries kept: a file made of comment lines (or with one per sample) must not grow
    /// memory with its size; the reader promises constant memory. Later entries are dropped.
    public static let maximumEntries = 1000

    mutating func append(_ entry: Entry) {
        guard entries.count < Self.maximumEntries else { return }
        entries.append(entry)
    }

    /// Parses the text after `#` of a comment line; nil when it is a plain comment.
    static func parse(comment: Substring) -> (key: String, value: String)? {
        let body = comment.drop { $0 == " " || $0 == "\t" }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let key = body[..<colon]
        guard !key.isEmpty, key.unicodeScalars.allSatisfy(isKeyCharacter) else { return nil }
        let value = body[body.index(after: colon)...].trimmingSpaces()
        return (String(key), String(value))
    }

    /// `key` with every character that may not appear in a key replaced by `-`.
    static func sanitizedKey(_ key: String) -> String {
        let cleaned = String(String.UnicodeScalarView(key.unicodeScalars.map { isKeyCharacter($0) ? $0 : "-" }))
        return cleaned.isEmpty ? "-" : cleaned
    }

    /// `value` on one line: line breaks become spaces.
    static func sanitizedValue(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }

    private static func isKeyCharacter(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": return true
        default: return false
        }
    }
}
