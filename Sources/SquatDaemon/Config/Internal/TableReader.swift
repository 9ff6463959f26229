import TOMLKit

/// Reads typed, validated values from one TOML table and remembers which keys it was asked
/// for, so that ``warnAboutUnknownKeys()`` can name the rest. Every error and warning carries
/// the key path and its line.
final class TableReader {
    let table: TOMLTable
    /// `device[2].thresholds`; empty for the root.
    let keyPath: String
    let context: ConfigContext
    private var known: [String] = []

    init(_ table: TOMLTable, keyPath: String, context: ConfigContext) {
        self.table = table
        self.keyPath = keyPath
        self.context = context
    }

    func path(_ key: String) -> String { keyPath.isEmpty ? key : keyPath + "." + key }

    func error(_ key: String, _ problem: ConfigError.Problem) -> ConfigError {
        context.error(at: path(key), problem)
    }

    func warn(_ key: String, _ problem: ConfigWarning.Problem) {
        context.warn(at: path(key), problem)
    }

    func value(_ key: String) -> TOMLValueConvertible? {
        known.append(key)
        return table[key]
    }

    private func invalid(_ key: String, _ expected: ConfigError.Expectation, _ value: TOMLValueConvertible) -> ConfigError {
        error(key, .invalidValue(expected: expected, got: Self.describe(value)))
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string else { throw invalid(key, .string, v) }
        return s
    }

    func absolutePath(_ key: String) throws(ConfigError) -> String? {
        guard let v = value(key) else { return nil }
        guard let s = v.string, s.hasPrefix("/") else { throw invalid(key, .absolutePath, v) }
        return s
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard let b = v.bool else { throw invalid(key, .bool, v) }
        return b
    }

    func wholeNumber(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
        guard let v = value(key) else { return nil }
        guard let n = v.int, range.contains(n) else { throw invalid(key, .wholeNumber(range), v) }
        return n
    }

    /// A finite integer or float within `expected` (a ``ConfigError/Expectation/number(above:atLeast:atMost:unit:)``).
    func number(_ key: String, _ expected: ConfigError.Expectation) throws(ConfigError) -> Double? {
        guard let v = value(key) else { return nil }
        guard let x = v.double ?? v.int.map(Double.init), x.isFinite else { throw invalid(key, expected, v) }
        if case .number(let above, let atLeast, let atMost, _) = expected {
            if let above, !(x > above) { throw invalid(key, expected, v) }
            if let atLeast, !(x >= atLeast) { throw invalid(key, expected, v) }
            if let atMost, !(x <= atMost) { throw invalid(key, expected, v) }
        }
        return x
    }

    /// One of `words` (a string), mapped to its value.
    func word<T>(_ key: String, _ words: [(String, T)]) throws(ConfigError) -> T? {
        guard let v = value(key) else { return nil }
        guard let s = v.string, let match = words.first(where: { $0.0 == s }) else {
            throw invalid(key, .oneOf(words.map(\.0)), v)
        }
        return match.1
    }

    func table(_ key: String) throws(ConfigError) -> TableReader? {
        guard let v = value(key) else { return nil }
        guard let t = v.table else { throw invalid(key, .table, v) }
        return TableReader(t, keyPath: path(key), context: context)
    }

    /// `[[key]]` tables, each read with the key path `key[N]` (N from 1).
    func arrayOfTables(_ key: String) throws(ConfigError) -> [TableReader] {
        guard let v = value(key) else { return [] }
        guard let array = v.array else { throw invalid(key, .arrayOfTables, v) }
        var readers: [TableReader] = []
        for (i, element) in array.enumerated() {
            guard let t = element.table else { throw invalid(key, .arrayOfTables, v) }
            readers.append(TableReader(t, keyPath: path("\(key)[\(i + 1)]"), context: context))
        }
        return readers
    }

    /// A warning for every key of the table that was never asked for, with the closest known
    /// key as a suggestion; an error for one that `misplaced` knows as another table's
    /// (`min_depth` written in `[[device]]`): `misplaced` maps each such key to that table's header.
    func checkUnknownKeys(misplaced: [String: String] = [:]) throws(ConfigError) {
        for key in try unknownKeys(misplaced: misplaced) {
            warn(key, .unknownKey(suggestion: Self.closest(to: key, in: known)))
        }
    }

    /// Like ``checkUnknownKeys(misplaced:)``, but an unknown key is an error, for a table whose
    /// other keys would mean more without it: a rule's `[device.match]` with a misspelt
    /// `serial` would match every device with the name. The error names the closest known key,
    /// also one that only ends with the key (`id_serial` for `serial`), and lists them all.
    func rejectUnknownKeys(misplaced: [String: String] = [:]) throws(ConfigError) {
        guard let key = try unknownKeys(misplaced: misplaced).first else { return }
        let suggestion = Self.closest(to: key, in: known)
            ?? known.first { $0.lowercased().hasSuffix("_" + key.lowercased()) }
        throw error(key, .unknownKeyInMatch(suggestion: suggestion, known: known))
    }

    /// The keys of the table never asked for, in the table's order; throws for one that
    /// `misplaced` knows as another table's.
    private func unknownKeys(misplaced: [String: String]) throws(ConfigError) -> [String] {
        var unknown: [String] = []
        for key in table.keys where !known.contains(key) {
            if let home = misplaced[key] {
                throw error(key, .misplacedKey(belongsIn: home, writtenIn: header))
            }
            unknown.append(key)
        }
        return unknown
    }

    /// This table's header as written in the file.
    var header: String { Self.header(of: keyPath) }

    /// The key path of the table this one is in: `device[2]` for `device[2].match`.
    var parentPath: String {
        keyPath.lastIndex(of: ".").map { String(keyPath[..<$0]) } ?? ""
    }

    /// The header of the table at `keyPath`: `[device.match]` for `device[2].match`,
    /// `[[device]]` for `device[2]`.
    static func header(of keyPath: String) -> String {
        var name = ""
        var skipping = false
        for ch in keyPath {
            if ch == "[" { skipping = true } else if ch == "]" { skipping = false } else if !skipping { name.append(ch) }
        }
        return keyPath.hasSuffix("]") ? "[[\(name)]]" : "[\(name)]"
    }

    /// The candidate within two edits of `word` (ignoring case, `-` versus `_`), if any.
    static func closest(to word: String, in candidates: [String]) -> String? {
        func normal(_ s: String) -> [Character] { Array(s.lowercased().map { $0 == "-" ? "_" : $0 }) }
        let target = normal(word)
        let scored = candidates.map { ($0, editDistance(target, normal($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, target.count / 3)) else { return nil }
        return best.0
    }

    /// Insertions, deletions, substitutions and swaps of neighbours (`pmc` is one from `pcm`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// A value as people wrote it (`12`, `5.5`, `"knee"`, `true`) or, for containers and dates,
    /// its type (`a table`).
    static func describe(_ value: TOMLValueConvertible) -> String {
        switch value.type {
        case .int: return value.int.map { "\($0)" } ?? "an integer"
        case .double: return value.double.map { "\($0)" } ?? "a float"
        case .string: return value.string.map { "\"\($0)\"" } ?? "a string"
        case .bool: return value.bool.map { "\($0)" } ?? "a boolean"
        case .table: return "a table"
        case .array: return "an array"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }
}
