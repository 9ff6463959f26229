/// The one table `squatd-bench` prints: each figure beside its target and whether it is met.
struct BenchmarkTable {
    enum Verdict: String {
        case pass = "PASS"
        case miss = "MISS"
        /// Measured for information; the target is judged on another row.
        case info = ""
        /// Not measured in this run (the detail says why).
        case notRun = "-"
    }

    struct Row {
        var figure: String
        var measured: String
        var target: String
        var verdict: Verdict
    }

    private(set) var rows: [Row] = []
    private(set) var notes: [String] = []

    mutating func add(_ figure: String, _ measured: String, target: String = "", _ verdict: Verdict = .info) {
        rows.append(Row(figure: figure, measured: measured, target: target, verdict: verdict))
    }

    /// A row judged against an upper bound.
    mutating func add(_ figure: String, _ measured: String, value: Double, atMost limit: Double, target: String) {
        add(figure, measured, target: target, value <= limit ? .pass : .miss)
    }

    mutating func note(_ text: String) { notes.append(text) }

    var text: String {
        let header = Row(figure: "figure", measured: "measured", target: "target", verdict: .info)
        let all = [header] + rows
        let widths = (
            all.map(\.figure.count).max()!, all.map(\.measured.count).max()!, all.map(\.target.count).max()!
        )
        func line(_ r: Row, verdict: String) -> String {
            pad(r.figure, widths.0) + "  " + pad(r.measured, widths.1, right: true) + "  "
                + pad(r.target, widths.2) + "  " + verdict
        }
        var lines = [line(header, verdict: "verdict")]
        lines.append(String(repeating: "-", count: lines[0].count))
        lines += rows.map { line($0, verdict: $0.verdict.rawValue) }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "* " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }
}
