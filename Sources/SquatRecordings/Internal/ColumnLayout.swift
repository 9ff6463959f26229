/// Where the four values of a sample are in a row, and how to convert them: what
/// ``RecordingReader`` learns from a header line.
struct ColumnLayout {
    /// What a needed column holds.
    enum Role: Int { case time = 0, x, y, z }

    var format: RecordingFormat
    /// Field separator: `,`, `;` or tab.
    var delimiter: UInt8
    /// Whether `1,5` means 1.5: phyphox writes decimal commas when its separator is `;` or tab.
    var allowsDecimalComma: Bool
    /// 0-based field index of time, x, y and z, by ``Role/rawValue``.
    var indices: [Int]
    /// The header's text of each needed column, by ``Role/rawValue``, for error messages.
    var names: [String]
    /// Seconds per unit of the time column.
    var timeScale: Double
    /// m/s² per unit of the acceleration columns.
    var accelerationScale: Double
    /// `roleAt[i]` is the role of field `i`, for `i` up to the last needed field.
    var roleAt: [Role?]

    /// Recognises `line` (header fields, quoted or not) or throws `.unknownHeader` /
    /// `.missingColumn` positioned at `lineNumber`.
    init(header line: UnsafeBufferPointer<UInt8>, lineNumber: Int, file: String) throws(RecordingError) {
        delimiter = CSVRecords.delimiter(ofHeader: line)
        allowsDecimalComma = delimiter != UInt8(ascii: ",")
        var records = CSVRecords(Array(line), delimiter: delimiter)
        let fields = records.next()?.fields ?? []
        let keys = fields.map(Self.normalized)
        guard let found = Self.recognise(keys) else {
            throw RecordingError(file: file, line: lineNumber, column: 1,
                                 kind: .unknownHeader(text: String(decoding: line, as: UTF8.self)))
        }
        format = found.format
        timeScale = found.timeScale
        accelerationScale = found.accelerationScale
        indices = []
        names = []
        for wanted in found.columns {
            guard let index = keys.firstIndex(of: wanted) else {
                if let rate = keys.firstIndex(where: Self.isRotationRate) {
                    throw RecordingError(file: file, line: lineNumber, column: rate + 1,
                                         kind: .notAcceleration(name: fields[rate].trimmingSpaces()))
                }
                throw RecordingError(file: file, line: lineNumber, column: fields.count + 1,
                                     kind: .missingColumn(name: wanted))
            }
            // A column named twice is ambiguous: which one would count is a guess.
            if let again = keys[(index + 1)...].firstIndex(of: wanted) {
                throw RecordingError(file: file, line: lineNumber, column: again + 1,
                                     kind: .duplicateColumn(name: fields[again].trimmingSpaces()))
            }
            indices.append(index)
            names.append(fields[index].trimmingSpaces())
        }
        roleAt = Array(repeating: nil, count: indices.max()! + 1)
        for (role, index) in indices.enumerated() { roleAt[index] = Role(rawValue: role) }
    }

    private struct Recognised {
        var format: RecordingFormat
        /// Normalised names of the time, x, y and z columns.
        var columns: [String]
        var timeScale = 1.0
        var accelerationScale = 1.0
    }

    /// Decides the format from the (normalised) header names. A format is chosen as soon as one
    /// of its distinctive names appears, so a header that names some of its columns and lacks
    /// others reports the missing column, not an unknown header.
    private static func recognise(_ keys: [String]) -> Recognised? {
        if keys.contains(where: { ["t", "ax", "ay", "az"].contains($0) }) {
            return Recognised(format: .recordingV1, columns: RecordingFormat.v1Columns)
        }
        // Exports of several sensors hold both; total acceleration is the one to count with.
        if keys.contains(where: { $0.hasPrefix("acceleration ") }) {
            return phyphox(.phyphoxAcceleration, prefix: "acceleration", keys: keys)
        }
        if keys.contains(where: { $0.hasPrefix("linear acceleration ") }) {
            return phyphox(.phyphoxLinearAcceleration, prefix: "linear acceleration", keys: keys)
        }
        if keys.contains("time (s)") {
            return phyphox(.phyphoxAcceleration, prefix: "acceleration", keys: keys)
        }
        if keys.contains(where: { ["elapsed (s)", "epoch (ms)"].contains($0) || $0.hasPrefix("x-axis (") }) {
            let unit = unitOfAxes(keys, named: { "\($0)-axis" })
            let epochOnly = keys.contains("epoch (ms)") && !keys.contains("elapsed (s)")
            return Recognised(format: .metaWear,
                              columns: [epochOnly ? "epoch (ms)" : "elapsed (s)"]
                                  + ["x", "y", "z"].map { "\($0)-axis (\(unit.text))" },
                              timeScale: epochOnly ? 0.001 : 1,
                              accelerationScale: unit.scale)
        }
        return nil
    }

    private static func phyphox(_ format: RecordingFormat, prefix: String, keys: [String]) -> Recognised {
        let unit = unitOfAxes(keys, named: { "\(prefix) \($0)" })
        return Recognised(format: format,
                          columns: ["time (s)"] + ["x", "y", "z"].map { "\(prefix) \($0) (\(unit.text))" },
                          accelerationScale: unit.scale)
    }

    /// Whether a (normalised) column name carries a rotation rate's unit.
    private static func isRotationRate(_ key: String) -> Bool {
        key.hasSuffix("(deg/s)") || key.hasSuffix("(rad/s)") || key.hasSuffix("(°/s)") || key.hasSuffix("(dps)")
    }

    /// The unit the x axis column is written in (`m/s^2`, `m/s²` or `g`); m/s^2 when unclear.
    private static func unitOfAxes(_ keys: [String], named: (String) -> String) -> (text: String, scale: Double) {
        let xName = named("x") + " ("
        for key in keys where key.hasPrefix(xName) && key.hasSuffix(")") {
            let unit = String(key.dropFirst(xName.count).dropLast())
            switch unit {
            case "g": return (unit, RecordingFormat.standardGravity)
            case "m/s^2", "m/s²", "m/s2": return (unit, 1)
            default: continue
            }
        }
        return ("m/s^2", 1)
    }

    /// Lower case, trimmed, inner runs of spaces collapsed: `"Time (s)"` → `time (s)`.
    private static func normalized(_ field: String) -> String {
        var out = ""
        var pendingSpace = false
        for ch in field.lowercased() {
            if ch == " " || ch == "\t" || ch == "\u{FEFF}" {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" "); pendingSpace = false }
                out.append(ch)
            }
        }
        return out
    }
}
