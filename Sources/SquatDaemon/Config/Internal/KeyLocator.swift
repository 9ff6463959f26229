/// Finds the line of each key in a TOML text, because TOMLKit's values carry no positions.
///
/// Key paths are written the way errors show them: tables joined by `.`, the Nth table of an
/// array of tables as `name[N]`, counted from 1 (`device[2].thresholds.min_depth`). It reads
/// `[table]` and `[[array]]` headers, `key = value` lines with bare, quoted and dotted keys,
/// and skips values that span lines (arrays, inline tables, multi-line strings). Keys inside
/// inline tables and arrays are not indexed: ``line(of:)`` falls back to the enclosing key.
struct KeyLocator {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var scanner = Scanner(text)
        var table: [String] = []
        var arrayCounts: [String: Int] = [:]

        /// Resolves header segments: a segment naming an array of tables means its latest element.
        func resolve(_ segments: [String]) -> [String] {
            var resolved: [String] = []
            for segment in segments {
                let joined = (resolved + [segment]).joined(separator: ".")
                resolved.append(arrayCounts[joined].map { "\(segment)[\($0)]" } ?? segment)
            }
            return resolved
        }

        while let (line, lineNumber) = scanner.nextLine() {
            var rest = Substring(line).drop(while: { $0 == " " || $0 == "\t" })
            if rest.isEmpty || rest.first == "#" { continue }
            if rest.hasPrefix("[[") {
                rest = rest.dropFirst(2)
                var segments = Self.keySegments(&rest, until: "]")
                guard let last = segments.popLast() else { continue }
                let parent = resolve(segments)
                let arrayPath = (parent + [last]).joined(separator: ".")
                let count = arrayCounts[arrayPath, default: 0] + 1
                arrayCounts[arrayPath] = count
                table = parent + ["\(last)[\(count)]"]
                record(arrayPath, lineNumber)
                record(table.joined(separator: "."), lineNumber)
            } else if rest.hasPrefix("[") {
                rest = rest.dropFirst()
                table = resolve(Self.keySegments(&rest, until: "]"))
                record(table.joined(separator: "."), lineNumber)
            } else {
                let segments = Self.keySegments(&rest, until: "=")
                guard !segments.isEmpty, rest.first == "=" else { continue }
                for end in 1...segments.count {
                    record((table + segments.prefix(end)).joined(separator: "."), lineNumber)
                }
                scanner.skipValue(from: rest.dropFirst())
            }
        }
    }

    private mutating func record(_ path: String, _ line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// The 1-based line where `path` is defined, else where its nearest enclosing key or table
    /// is; nil when none of it appears in the text.
    func line(of path: String) -> Int? {
        var path = Substring(path)
        while true {
            if let line = lines[String(path)] { return line }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            path = path[..<dot]
        }
    }

    /// Reads a dotted key up to `terminator` (left at the front of `text`): bare segments are
    /// trimmed, quoted ones taken literally.
    private static func keySegments(_ text: inout Substring, until terminator: Character) -> [String] {
        var segments: [String] = []
        var current = ""
        var quoted = false
        while let ch = text.first, ch != terminator, ch != "#" {
            text.removeFirst()
            switch ch {
            case "\"", "'":
                current = current.trimmingBlanks()  // blanks before the quote
                while let inner = text.first, inner != ch {
                    text.removeFirst()
                    if inner == "\\", ch == "\"", let escaped = text.first {
                        text.removeFirst()
                        current.append(escaped)
                    } else {
                        current.append(inner)
                    }
                }
                if !text.isEmpty { text.removeFirst() }
                quoted = true
            case ".":
                segments.append(quoted ? current : current.trimmingBlanks())
                current = ""
                quoted = false
            case " " where quoted, "\t" where quoted:
                continue  // blanks after the closing quote
            default:
                current.append(ch)
            }
        }
        let last = quoted ? current : current.trimmingBlanks()
        if !last.isEmpty || quoted { segments.append(last) }
        return segments
    }

    /// Lines of the text, numbered from 1, with a way to skip the rest of a value that spans lines.
    private struct Scanner {
        private var lines: [Substring]
        private var index = 0

        init(_ text: String) {
            // "\r\n" is one Character in Swift, which splitting on "\n" never matches: a file
            // saved with Windows line endings would lose every line number.
            lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        }

        mutating func nextLine() -> (String, Int)? {
            guard index < lines.count else { return nil }
            defer { index += 1 }
            return (String(lines[index]), index + 1)
        }

        /// Consumes a value starting at `text` (the rest of the current line) and any following
        /// lines it continues on: open brackets and braces, multi-line strings.
        mutating func skipValue(from text: Substring) {
            var depth = 0
            var multiline: String? = nil  // the closing delimiter of an open """ or ''' string
            var line = text
            while true {
                var i = line.startIndex
                scan: while i < line.endIndex {
                    let rest = line[i...]
                    if let close = multiline {
                        if rest.hasPrefix(close) {
                            multiline = nil
                            i = line.index(i, offsetBy: 3)
                        } else {
                            i = line.index(after: i)
                            if rest.first == "\\", close == "\"\"\"", i < line.endIndex { i = line.index(after: i) }
                        }
                        continue
                    }
                    switch rest.first! {
                    case "#":
                        break scan
                    case "[", "{":
                        depth += 1
                    case "]", "}":
                        depth -= 1
                    case "\"", "'":
                        let quote = rest.first!
                        let triple = String(repeating: quote, count: 3)
                        if rest.hasPrefix(triple) {
                            multiline = triple
                            i = line.index(i, offsetBy: 3)
                            continue
                        }
                        i = line.index(after: i)
                        while i < line.endIndex, line[i] != quote {
                            if line[i] == "\\", quote == "\"" { i = line.index(after: i) }
                            if i < line.endIndex { i = line.index(after: i) }
                        }
                    default:
                        break
                    }
                    if i < line.endIndex { i = line.index(after: i) }
                }
                guard depth > 0 || multiline != nil, index < lines.count else { return }
                line = lines[index]
                index += 1
            }
        }
    }
}

private extension String {
    func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(drop(while: blank).reversed().drop(while: blank).reversed())
    }
}
