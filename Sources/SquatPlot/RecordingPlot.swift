import SquatCore

/// A picture of one recording going through squatd, as an SVG document.
///
/// Top panel: the raw acceleration, x, y, z and |a| (m/s²), with the true reps shaded. Between
/// the panels two lanes: the true reps from the recording's metadata (grey, numbered) and the
/// reps squatd counted (purple, numbered, from the descent it saw to the end of the ascent it
/// saw, a thin line on to the moment it counted the rep when that was later; red when no true
/// rep matches it). Bottom panel: the detector's signal with its start and
/// depth levels, the background shaded by the detector's phase (descending, bottom,
/// ascending), a dashed line where each rep was counted. The title names the file, the
/// profile and the counts, with misses and extra counts spelled out.
///
/// Each counted rep is one `<g class="rep-marker">` element, each true rep one
/// `<g class="true-rep">`, so tests and scripts can count them.
public struct RecordingPlot: Sendable {
    /// Usually the file name.
    public var title: String
    public var trace: DetectorTrace
    /// True rep starts (descent begins), seconds, increasing; empty when unknown. Starts that
    /// are not finite or not in order are drawn and matched as no truth (see `trueRepSpans`).
    public var trueRepStarts: [Double]
    /// True rep ends (ascent completes), seconds; empty when unknown, else one per start.
    public var trueRepEnds: [Double]
    /// The true count when known (`# expected_reps:`), also without rep times.
    public var expectedReps: Int?

    public init(title: String, trace: DetectorTrace, trueRepStarts: [Double] = [], trueRepEnds: [Double] = [],
                expectedReps: Int? = nil) {
        self.title = title
        self.trace = trace
        self.trueRepStarts = trueRepStarts
        self.trueRepEnds = trueRepEnds.count == trueRepStarts.count ? trueRepEnds : []
        self.expectedReps = expectedReps ?? (trueRepStarts.isEmpty ? nil : trueRepStarts.count)
    }

    /// A counted rep matches a true rep when the detector's end of the rep lies between the
    /// true rep's start and 1.5 s after its end.
    static let matchSlack = 1.5

    /// Each true rep's span, seconds: from its start to its end; with starts alone, to the next
    /// start, but no longer than the middle time from one start to the next (the lower median,
    /// so that rests as many as reps do not set it) nor ``longestRepSeconds``, so that a set's
    /// last rep and the one before a rest do not reach to the next set (2 s, a moderate rep,
    /// for a lone start). Drawn so, and matched so: a rep known by its start was a 3-pixel
    /// sliver, its number unreadable, on every real recording that has rep times (starts only).
    /// Times that are not finite or starts out of order (possible through this public API;
    /// `squatd plot` reads them with `RecordingTruth`, which refuses them) are no truth: none.
    static func trueRepSpans(starts: [Double], ends: [Double]) -> [ClosedRange<Double>] {
        guard starts.allSatisfy(\.isFinite), zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else { return [] }
        if ends.count == starts.count, ends.allSatisfy(\.isFinite) {
            return zip(starts, ends).map { $0...max($0, $1) }
        }
        let gaps = zip(starts, starts.dropFirst()).map { $1 - $0 }.sorted()
        let longest = min(gaps.isEmpty ? loneRepSeconds : gaps[(gaps.count - 1) / 2], longestRepSeconds)
        return starts.indices.map { j in
            let next = j + 1 < starts.count ? starts[j + 1] : .infinity
            return starts[j]...min(next, starts[j] + longest)
        }
    }

    /// Seconds a true rep known only by its start is taken to last when it is the only one.
    static let loneRepSeconds = 2.0
    /// The longest a true rep known only by its start is taken to last, seconds: the longest
    /// rep the detector counts by default (``SquatCore/Thresholds/maxRepDuration``).
    static let longestRepSeconds = 10.0

    // Layout, pixels.
    private static let width = 1500.0, height = 780.0
    private static let left = 84.0, right = 1290.0, legendX = 1310.0
    private static let accelerationTop = 84.0, accelerationBottom = 330.0
    private static let trueLane = 344.0...366.0, countedLane = 372.0...394.0
    private static let signalTop = 410.0, signalBottom = 710.0

    private enum Color {
        static let x = "#1f77b4", y = "#ff7f0e", z = "#2ca02c", magnitude = "#111111"
        static let signal = "#111111", startLevel = "#555555", depthLevel = "#d62728"
        static let descending = "#cfe3f7", bottom = "#f8d7a6", ascending = "#d3edcc", away = "#e2e2e2"
        static let trueRep = "#8c8c8c", counted = "#6a3d9a", wrong = "#d62728"
        static let grid = "#e6e6e6", frame = "#bbbbbb", lane = "#f5f5f5"
    }

    /// The time axis (seconds) of the picture of samples from `first` to `last` (nil: no
    /// samples) with these true reps: their whole span, at least a millisecond. A
    /// ``DetectorTrace`` given it before its first sample draws every line exactly to the pixel.
    /// With a `window` (``DetectorTrace/window``), `first` and `last` are the samples in it, and
    /// the axis stays inside it.
    public static func timeAxis(samplesFrom first: Double?, to last: Double?, trueRepStarts: [Double],
                                trueRepEnds: [Double], window: ClosedRange<Double>? = nil) -> ClosedRange<Double> {
        let truth = shown(trueRepSpans(starts: trueRepStarts, ends: trueRepEnds), in: window).spans
        // The true reps come from metadata anyone can edit: their extremes, not the first
        // start and the last end.
        var low = min(first ?? window?.lowerBound ?? 0, truth.map(\.lowerBound).min() ?? .infinity)
        var high = max(last ?? window?.upperBound ?? 1, truth.map(\.upperBound).max() ?? -.infinity)
        if let window {
            low = max(low, window.lowerBound)
            high = min(high, window.upperBound)
        }
        if !low.isFinite { low = high.isFinite ? high - 1 : 0 }
        if !high.isFinite { high = low + 1 }
        return low...max(high, low + 1e-3)
    }

    /// The true reps drawn and matched, of `spans` (``trueRepSpans(starts:ends:)``): every one,
    /// or with a `window` those that end in it, as the counted reps kept are those that end in
    /// it (``DetectorTrace/window``); and how many end before it, so that the first one drawn is
    /// numbered as in the whole recording.
    static func shown(_ spans: [ClosedRange<Double>], in window: ClosedRange<Double>?)
        -> (spans: [ClosedRange<Double>], before: Int) {
        guard let window else { return (spans, 0) }
        return (spans.filter { window.contains($0.upperBound) }, spans.count { $0.upperBound < window.lowerBound })
    }

    /// The true count of what is drawn: ``expectedReps``; in a window of the recording the true
    /// reps that end in it, unknown without rep times (unless the recording holds none).
    public var expectedRepsDrawn: Int? {
        let spans = Self.trueRepSpans(starts: trueRepStarts, ends: trueRepEnds)
        return expectedCount(all: spans, shown: Self.shown(spans, in: trace.window).spans)
    }

    /// ``expectedRepsDrawn`` of the true reps' spans, `all` of them and those `shown`.
    private func expectedCount(all: [ClosedRange<Double>], shown: [ClosedRange<Double>]) -> Int? {
        guard trace.window != nil else { return expectedReps }
        if all.isEmpty { return expectedReps == 0 ? 0 : nil }
        return shown.count
    }

    /// Seconds on `domain` to pixels of the plot area.
    static func timeScale(domain: ClosedRange<Double>) -> LinearScale {
        LinearScale(domain: domain, range: left...right)
    }

    /// The SVG document.
    public func svg() -> String {
        var svg = SVGWriter(width: Self.width, height: Self.height)
        // The axis the trace's columns were laid out for, when it had one (a file read twice).
        let x = Self.timeScale(domain: trace.timeAxis ?? Self.timeAxis(samplesFrom: trace.firstTime, to: trace.lastTime,
                                                                       trueRepStarts: trueRepStarts, trueRepEnds: trueRepEnds,
                                                                       window: trace.window))
        let spans = Self.trueRepSpans(starts: trueRepStarts, ends: trueRepEnds)
        let (truth, before) = Self.shown(spans, in: trace.window)
        let expected = expectedCount(all: spans, shown: truth)
        let matching = RepMatching(counted: trace.reps, truth: truth, expected: expected, slack: Self.matchSlack)

        drawTitle(&svg, matching: matching, expected: expected, knowsRepTimes: !spans.isEmpty)
        drawAcceleration(&svg, x: x, truth: truth)
        drawLanes(&svg, x: x, truth: truth, firstTrueNumber: before + 1, matching: matching)
        drawSignal(&svg, x: x)
        drawTimeAxis(&svg, x: x)
        return svg.document
    }

    private func drawTitle(_ svg: inout SVGWriter, matching: RepMatching, expected expectedReps: Int?, knowsRepTimes: Bool) {
        svg.text(title, x: Self.left, y: 30, size: 19, weight: "bold")
        let profile = trace.profile
        let duration = (trace.lastTime ?? 0) - (trace.firstTime ?? 0)
        let rate = duration > 0 ? Double(trace.sampleCount - 1) / duration : 0
        var counts = "counted \(trace.reps.count)"
        var verdict = ""
        var good = true
        if let expected = expectedReps {
            counts += " · true \(expected)"
            var problems: [String] = []
            if knowsRepTimes {
                if matching.missed.count > 0 { problems.append("\(matching.missed.count) missed") }
                if matching.extra.count > 0 { problems.append("\(matching.extra.count) extra") }
            } else if expected == 0, !trace.reps.isEmpty {
                problems.append("\(trace.reps.count) false count" + (trace.reps.count == 1 ? "" : "s"))
            } else if trace.reps.count != expected {
                problems.append(trace.reps.count > expected ? "\(trace.reps.count - expected) too many"
                                                            : "\(expected - trace.reps.count) too few")
            }
            good = problems.isEmpty
            verdict = good ? "  ✓ all matched" : "  ✗ " + problems.joined(separator: ", ")
        }
        let details = "profile \(profile.placement.rawValue) · sensitivity \(profile.sensitivity.value) · "
            + "\(trace.sampleCount) sample\(trace.sampleCount == 1 ? "" : "s") at ~\(svg.n(rate)) Hz · \(svg.n(duration)) s"
            + (trace.window == nil ? "" : " from \(svg.n(trace.firstTime ?? 0)) s")
        svg.raw("<text x=\"\(svg.n(Self.left))\" y=\"56\" font-size=\"14\" fill=\"#222\">"
            + "<tspan font-weight=\"bold\" fill=\"\(good ? "#1a7f37" : Color.wrong)\">\(svg.escaped(counts + verdict))</tspan>"
            + "<tspan dx=\"14\">\(svg.escaped(details))</tspan></text>")
    }

    private func drawAcceleration(_ svg: inout SVGWriter, x: LinearScale, truth: [ClosedRange<Double>]) {
        var low = trace.accelerationLow, high = trace.accelerationHigh
        if !(high >= low) { (low, high) = (-10, 10) }
        let y = LinearScale(domain: LinearScale.padded(low, high), range: Self.accelerationTop...Self.accelerationBottom,
                            flipped: true)
        drawFrame(&svg, x: x, y: y, label: "acceleration (m/s²)")
        for span in truth {
            let start = span.lowerBound, end = span.upperBound
            svg.rect(x: x.clamped(start), y: Self.accelerationTop, width: max(x.clamped(end) - x.clamped(start), 2),
                     height: Self.accelerationBottom - Self.accelerationTop, fill: Color.trueRep, opacity: 0.16)
        }
        if trace.sampleCount < 2 {
            // A line needs two samples; without this the panels were silently empty.
            svg.text(trace.sampleCount == 0 ? "no samples: nothing to draw" : "one sample: nothing to draw",
                     x: (Self.left + Self.right) / 2, y: (Self.accelerationTop + Self.accelerationBottom) / 2,
                     size: 16, anchor: "middle", fill: "#444")
        }
        for (series, (color, width)) in zip(trace.acceleration, [(Color.x, 0.9), (Color.y, 0.9), (Color.z, 0.9), (Color.magnitude, 1.5)]) {
            drawLine(&svg, series, x: x, y: y, stroke: color, width: width)
        }
        drawLegend(&svg, top: Self.accelerationTop, entries: [
            .line(Color.x, "x"), .line(Color.y, "y"), .line(Color.z, "z"), .line(Color.magnitude, "|a|", width: 2.5),
            .box(Color.trueRep, "true rep (metadata)", opacity: 0.3),
        ])
    }

    private func drawLanes(_ svg: inout SVGWriter, x: LinearScale, truth: [ClosedRange<Double>], firstTrueNumber: Int,
                           matching: RepMatching) {
        for (lane, label) in [(Self.trueLane, "true reps"), (Self.countedLane, "counted")] {
            svg.rect(x: Self.left, y: lane.lowerBound, width: Self.right - Self.left,
                     height: lane.upperBound - lane.lowerBound, fill: Color.lane)
            svg.text(label, x: Self.left - 8, y: lane.upperBound - 6, size: 12, anchor: "end", weight: "bold")
        }
        for (i, span) in truth.enumerated() {
            let start = span.lowerBound, end = span.upperBound
            let missed = matching.missed.contains(i)
            svg.raw("<g class=\"true-rep\">")
            svg.rect(x: x.clamped(start), y: Self.trueLane.lowerBound + 2, width: max(x.clamped(end) - x.clamped(start), 3),
                     height: Self.trueLane.upperBound - Self.trueLane.lowerBound - 4,
                     fill: Color.trueRep, extra: missed ? "stroke=\"\(Color.wrong)\" stroke-width=\"2.5\"" : "")
            svg.text(String(firstTrueNumber + i), x: (x.clamped(start) + x.clamped(end)) / 2, y: Self.trueLane.upperBound - 7, size: 12,
                     anchor: "middle", fill: "white", weight: "bold")
            svg.raw("</g>")
        }
        for (i, rep) in trace.reps.enumerated() {
            let color = matching.extra.contains(i) ? Color.wrong : Color.counted
            svg.raw("<g class=\"rep-marker\"><title>rep \(trace.repsBefore + i + 1): \(svg.n(rep.start))–\(svg.n(rep.end)) s, counted at \(svg.n(rep.detectedAt)) s, amplitude \(svg.n(rep.amplitude))</title>")
            svg.line(x1: x.clamped(rep.detectedAt), y1: Self.countedLane.upperBound, x2: x.clamped(rep.detectedAt), y2: Self.signalBottom,
                     stroke: color, width: 1.3, dash: "5 3")
            let laneMiddle = (Self.countedLane.lowerBound + Self.countedLane.upperBound) / 2
            if x.clamped(rep.detectedAt) > x.clamped(rep.end) + 1 {
                // Counted later than the rep ended (confirmation delay): a thin line to the count.
                svg.line(x1: x.clamped(rep.end), y1: laneMiddle, x2: x.clamped(rep.detectedAt), y2: laneMiddle, stroke: color, width: 2)
            }
            svg.rect(x: x.clamped(rep.start), y: Self.countedLane.lowerBound + 2, width: max(x.clamped(rep.end) - x.clamped(rep.start), 3),
                     height: Self.countedLane.upperBound - Self.countedLane.lowerBound - 4, fill: color)
            svg.text(String(trace.repsBefore + i + 1), x: (x.clamped(rep.start) + x.clamped(rep.end)) / 2, y: Self.countedLane.upperBound - 7, size: 12,
                     anchor: "middle", fill: "white", weight: "bold")
            svg.raw("</g>")
        }
        drawLegend(&svg, top: Self.trueLane.lowerBound - 2, entries: [
            .box(Color.counted, "counted rep"), .box(Color.wrong, "extra / missed"),
        ])
    }

    private func drawSignal(_ svg: inout SVGWriter, x: LinearScale) {
        let y = LinearScale(domain: LinearScale.padded(trace.signalLow, trace.signalHigh), range: Self.signalTop...Self.signalBottom,
                            flipped: true)
        // Phase shading first, under the grid and the lines.
        for run in trace.phaseRuns {
            let color: String
            switch run.phase {
            case .descending: color = Color.descending
            case .bottom: color = Color.bottom
            case .ascending: color = Color.ascending
            case .away, .standing: color = Color.away
            }
            svg.rect(x: x(run.start), y: Self.signalTop, width: x(run.end) - x(run.start),
                     height: Self.signalBottom - Self.signalTop, fill: color)
        }
        let kind = trace.profile.thresholds.signal
        drawFrame(&svg, x: x, y: y, label: "detector signal: \(kind.rawValue) (\(kind.unit))")
        drawLine(&svg, trace.levels[0], x: x, y: y, stroke: Color.startLevel, width: 1.3, dash: "7 4")
        drawLine(&svg, trace.levels[1], x: x, y: y, stroke: Color.depthLevel, width: 1.3, dash: "7 4")
        drawLine(&svg, trace.levels[2], x: x, y: y, stroke: Color.signal, width: 1.6)
        drawLegend(&svg, top: Self.signalTop, entries: [
            .line(Color.signal, "signal", width: 2), .line(Color.startLevel, "start level", dashed: true),
            .line(Color.depthLevel, "depth level", dashed: true),
            .box(Color.descending, "descending"), .box(Color.bottom, "bottom"), .box(Color.ascending, "ascending"),
            .box(Color.away, "away (held, not standing)"), .line(Color.counted, "counted here", dashed: true),
        ])
    }

    /// One series, broken where no sample came for longer than the detector reads as one
    /// movement (``SquatCore/SquatDetector/maxSampleGap``: past it its filters restart).
    private func drawLine(_ svg: inout SVGWriter, _ series: ColumnDecimation, x: LinearScale, y: LinearScale,
                          stroke: String, width: Double, dash: String? = nil) {
        for line in series.lines(x: x, y: y, gap: SquatDetector.maxSampleGap) {
            // A sample alone between two gaps is a dot, not nothing (a 1 Hz sensor's samples).
            let points = line.count == 1 ? [(x: line[0].x - 0.75, y: line[0].y), (x: line[0].x + 0.75, y: line[0].y)] : line
            svg.polyline(points, stroke: stroke, width: width, dash: dash)
        }
    }

    private func drawFrame(_ svg: inout SVGWriter, x: LinearScale, y: LinearScale, label: String) {
        let top = y.range.lowerBound, bottom = y.range.upperBound
        for t in x.ticks(count: 12) {
            svg.line(x1: x(t), y1: top, x2: x(t), y2: bottom, stroke: Color.grid)
        }
        for v in y.ticks(count: 6) {
            svg.line(x1: Self.left, y1: y(v), x2: Self.right, y2: y(v), stroke: v == 0 ? "#c8c8c8" : Color.grid)
            svg.text(tickLabel(v, step: LinearScale.niceStep(span: y.domain.upperBound - y.domain.lowerBound, count: 6)),
                     x: Self.left - 6, y: y(v) + 4, size: 11, anchor: "end", fill: "#444")
        }
        svg.rect(x: Self.left, y: top, width: Self.right - Self.left, height: bottom - top, fill: "none",
                 extra: "stroke=\"\(Color.frame)\"")
        svg.text(label, x: 22, y: (top + bottom) / 2, size: 13, anchor: "middle", rotate: true)
    }

    private func drawTimeAxis(_ svg: inout SVGWriter, x: LinearScale) {
        let step = LinearScale.niceStep(span: x.domain.upperBound - x.domain.lowerBound, count: 12)
        for t in x.ticks(count: 12) {
            svg.line(x1: x(t), y1: Self.signalBottom, x2: x(t), y2: Self.signalBottom + 5, stroke: "#444")
            svg.text(tickLabel(t, step: step), x: x(t), y: Self.signalBottom + 20, size: 11, anchor: "middle", fill: "#444")
        }
        svg.text("time (s)", x: (Self.left + Self.right) / 2, y: Self.signalBottom + 44, size: 13, anchor: "middle")
    }

    /// `v` with as many decimals as `step` needs (a step of 0.5 one, 0.002 three; at most six):
    /// two decimals at most labelled every tick of an 8 ms recording 0 or 0.01.
    private func tickLabel(_ v: Double, step: Double) -> String {
        var scale = 1
        while Double(scale) * step < 0.999, scale < 1_000_000 { scale *= 10 }
        return SVGWriter.decimal(scale == 1 ? v.rounded() : v, scale: scale)
    }

    private enum LegendEntry {
        case line(String, String, width: Double = 1.5, dashed: Bool = false)
        case box(String, String, opacity: Double = 1)
    }

    private func drawLegend(_ svg: inout SVGWriter, top: Double, entries: [LegendEntry]) {
        var y = top + 12
        for entry in entries {
            switch entry {
            case let .line(color, label, width, dashed):
                svg.line(x1: Self.legendX, y1: y - 4, x2: Self.legendX + 26, y2: y - 4, stroke: color, width: width,
                         dash: dashed ? "6 3" : nil)
                svg.text(label, x: Self.legendX + 34, y: y, size: 12)
            case let .box(color, label, opacity):
                svg.rect(x: Self.legendX, y: y - 11, width: 26, height: 13, fill: color, opacity: opacity)
                svg.text(label, x: Self.legendX + 34, y: y, size: 12)
            }
            y += 19
        }
    }
}
