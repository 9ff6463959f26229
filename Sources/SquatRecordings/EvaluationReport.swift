/// The text and JSON forms of an ``Evaluation``, for `squatd evaluate`.
extension Evaluation {
    /// A fixed-width table: one line per source/placement group and one for all recordings,
    /// then the unscored sets, the misses and the recordings that failed.
    ///
    /// ```
    /// source     placement  sets  exact      ±1    MAE  idle min  false/min  other min  other/min
    /// squat-imu  thigh        33  97.0%  100.0%   0.03         –          –          –          –
    /// ```
    /// Rates are percentages of scored squat sets; `–` where a group has nothing to measure.
    public var table: String {
        let header = ["source", "placement", "sets", "exact", "±1", "MAE", "idle min", "false/min", "other min", "other/min"]
        var cells = [header]
        for group in groups {
            cells.append([group.source, group.placement.rawValue] + Self.cells(group.figures))
        }
        cells.append(["overall", ""] + Self.cells(overall))
        var widths = [Int](repeating: 0, count: header.count)
        for row in cells { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        var lines = cells.map { row in
            row.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                return i < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
        if !unscored.isEmpty {
            lines.append("")
            lines.append("Not scored (notes say doubtful or cut off):")
            for row in unscored {
                lines.append("  \(row.entry.file): expected \(row.entry.expectedReps ?? 0), counted \(row.counted) (\(row.entry.notes))")
            }
        }
        if !misses.isEmpty {
            lines.append("")
            lines.append("Misses (\(misses.count)):")
            for miss in misses { lines.append("  \(miss.file): expected \(miss.expected), counted \(miss.counted)") }
        }
        if !failures.isEmpty {
            lines.append("")
            lines.append("Could not replay (\(failures.count)), not in any figure:")
            for failure in failures { lines.append("  \(failure)") }
        }
        return lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n") + "\n"
    }

    private static func cells(_ f: Figures) -> [String] {
        func percent(_ v: Double?) -> String { v.map { NumberText.fixed($0 * 100, 1) + "%" } ?? "–" }
        func number(_ v: Double?, _ decimals: Int) -> String { v.map { NumberText.fixed($0, decimals) } ?? "–" }
        let idleMinutes = f.idleRecordings > 0 ? f.idleSeconds / 60 : nil
        let otherMinutes = f.otherRecordings > 0 ? f.otherSeconds / 60 : nil
        return [String(f.squatSets), percent(f.exactRate), percent(f.withinOneRate), number(f.meanAbsoluteError, 2),
                number(idleMinutes, 1), number(f.falseCountsPerMinute, 2), number(otherMinutes, 1), number(f.otherCountsPerMinute, 2)]
    }

    /// One JSON object: `overall` and `groups` (each with the figures: `squat_sets`, `exact`,
    /// `within_one`, `exact_rate`, `within_one_rate`, `mean_absolute_error`, `unscored_sets`,
    /// `idle_minutes`, `idle_counts`, `false_counts_per_minute`, `other_minutes`, `other_counts`,
    /// `other_counts_per_minute`; rates 0…1, null when there is nothing to measure), `misses`,
    /// `unscored` and `failures` (error text).
    public var json: String {
        JSONValue.object([
            ("overall", Self.json(overall)),
            ("groups", .array(groups.map { group in
                .object([("source", .string(group.source)), ("placement", .string(group.placement.rawValue)),
                         ("figures", Self.json(group.figures))])
            })),
            ("misses", .array(misses.map { miss in
                .object([("file", .string(miss.file)), ("expected", .integer(miss.expected)), ("counted", .integer(miss.counted))])
            })),
            ("unscored", .array(unscored.map { row in
                .object([("file", .string(row.entry.file.description)), ("expected", row.entry.expectedReps.map { .integer($0) } ?? .null),
                         ("counted", .integer(row.counted)), ("notes", .string(row.entry.notes))])
            })),
            ("failures", .array(failures.map { .string($0.description) })),
        ]).serialized
    }

    private static func json(_ f: Figures) -> JSONValue {
        .object([
            ("squat_sets", .integer(f.squatSets)), ("exact", .integer(f.exact)), ("within_one", .integer(f.withinOne)),
            ("exact_rate", .number(f.exactRate)), ("within_one_rate", .number(f.withinOneRate)),
            ("mean_absolute_error", .number(f.meanAbsoluteError)), ("unscored_sets", .integer(f.unscoredSets)),
            ("idle_minutes", .number(f.idleSeconds / 60)), ("idle_counts", .integer(f.idleCounts)),
            ("false_counts_per_minute", .number(f.falseCountsPerMinute)),
            ("other_minutes", .number(f.otherSeconds / 60)), ("other_counts", .integer(f.otherCounts)),
            ("other_counts_per_minute", .number(f.otherCountsPerMinute)),
        ])
    }
}
