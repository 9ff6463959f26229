import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SquatCore
import SquatPlot
import SquatSimulator
import Testing

/// Parses SVG text with Foundation's XMLParser, counting elements by tag and class.
final class SVGCensus: NSObject, XMLParserDelegate {
    private(set) var elements: [String: Int] = [:]
    private(set) var classes: [String: Int] = [:]
    private(set) var texts: [String] = []
    private(set) var largestPolyline = 0
    private var inText = false
    private(set) var isValid = false
    private(set) var parseError: String?

    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        isValid = parser.parse()
        parseError = parser.parserError.map { "\($0)" }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements[name, default: 0] += 1
        if let c = attributes["class"] { classes[c, default: 0] += 1 }
        if name == "polyline", let points = attributes["points"] {
            largestPolyline = max(largestPolyline, points.split(separator: " ").count)
        }
        if name == "text" || name == "tspan" { inText = true; texts.append("") }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" || name == "tspan" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { texts[texts.count - 1] += string }
    }
}

func simulatedTrace(_ settings: SimulationSettings, placement: Placement? = nil) throws -> (DetectorTrace, SimulatedRecording) {
    let recording = try SquatSimulator(settings).run()
    let trace = DetectorTrace(samples: recording.samples, profile: SquatProfile(placement: placement ?? settings.placement))
    return (trace, recording)
}

@Suite struct RecordingPlotTests {
    @Test func plotIsValidSVGWithOneMarkerPerCountedRep() throws {
        var s = SimulationSettings()
        s.seed = 3
        s.reps = 8
        let (trace, recording) = try simulatedTrace(s)
        // The thigh set is the clearest case for any detector; the plot test needs some counts.
        try #require(trace.reps.count > 0)
        let plot = RecordingPlot(title: "thigh.csv", trace: trace, trueRepStarts: recording.repStarts,
                                 trueRepEnds: recording.repEnds)
        let census = SVGCensus(plot.svg())
        #expect(census.isValid, "\(census.parseError ?? "")")
        #expect(census.elements["svg"] == 1)
        #expect(census.classes["rep-marker"] == trace.reps.count)
        #expect(census.classes["true-rep"] == 8)
        #expect(census.texts.contains("thigh.csv"))
        #expect(census.texts.contains { $0.hasPrefix("counted \(trace.reps.count) · true 8") })
        #expect(census.texts.contains { $0.contains("profile thigh · sensitivity 5") })
        for label in ["acceleration (m/s²)", "detector signal: tilt (°)", "time (s)", "start level", "depth level",
                      "descending", "bottom", "ascending", "|a|"] {
            #expect(census.texts.contains(label), "missing \(label)")
        }
    }

    /// Misses and extra counts are spelled out in the title: here the truth claims one more
    /// rep than was performed, after the last one.
    @Test func missedRepsAreNamedInTheTitle() throws {
        var s = SimulationSettings()
        s.seed = 3
        s.reps = 5
        let (trace, recording) = try simulatedTrace(s)
        try #require(trace.reps.count > 0)
        let last = recording.samples.last!.t
        let plot = RecordingPlot(title: "x", trace: trace, trueRepStarts: recording.repStarts + [last - 0.5],
                                 trueRepEnds: recording.repEnds + [last - 0.1])
        let census = SVGCensus(plot.svg())
        #expect(census.texts.contains { $0.hasPrefix("counted \(trace.reps.count) · true 6  ✗ ") && $0.contains(" missed") })
        #expect(census.classes["true-rep"] == 6)
    }

    @Test func distractorWithoutTruthTimesShowsItsExpectedCount() throws {
        var s = SimulationSettings()
        s.activity = .handling
        s.duration = 10
        let (trace, _) = try simulatedTrace(s)
        let plot = RecordingPlot(title: "idle", trace: trace, expectedReps: 0)
        let census = SVGCensus(plot.svg())
        #expect(census.isValid)
        #expect(census.classes["true-rep"] == nil)
        #expect(census.classes["rep-marker", default: 0] == trace.reps.count)
        #expect(census.texts.contains { $0.hasPrefix("counted \(trace.reps.count) · true 0") })
    }

    /// The SVG of a one-rep thigh set titled `title`.
    func oneRepPlot(titled title: String) throws -> SVGCensus {
        var s = SimulationSettings()
        s.reps = 1
        let (trace, _) = try simulatedTrace(s)
        return SVGCensus(RecordingPlot(title: title, trace: trace).svg())
    }

    @Test func titleIsEscaped() throws {
        let census = try oneRepPlot(titled: "a&b <c> \"d\".csv")
        #expect(census.isValid, "\(census.parseError ?? "")")
        #expect(census.texts.contains("a&b <c> \"d\".csv"))
    }

    /// A file name may hold any byte but / and NUL; XML allows no control characters.
    @Test func controlCharactersInTheTitleKeepTheSVGValid() throws {
        let census = try oneRepPlot(titled: "a\u{1}b.csv")
        #expect(census.isValid, "\(census.parseError ?? "")")
    }

    /// Absurd numbers in a recording (values near the largest double, a time axis in epoch
    /// milliseconds, edited metadata) are drawn, not a trap or an endless loop.
    @Test func absurdValuesAreDrawnWithoutTrappingOrHanging() {
        let profile = SquatProfile(placement: .thigh)
        let huge = DetectorTrace(samples: [Sample(t: 0, x: 1, y: 2, z: 3), Sample(t: 1, x: 1e155, y: 2, z: 3),
                                           Sample(t: 2, x: 1e150, y: 2, z: 3)], profile: profile)
        #expect(SVGCensus(RecordingPlot(title: "huge", trace: huge).svg()).isValid)
        let epoch = DetectorTrace(samples: [Sample(t: 1_700_000_000_000, x: 0, y: 0, z: 9.8)], profile: profile)
        #expect(SVGCensus(RecordingPlot(title: "epoch", trace: epoch).svg()).isValid)
        let far = DetectorTrace(samples: [Sample(t: 0, x: 0, y: 0, z: 9.8), Sample(t: 1e19, x: 0, y: 0, z: 9.8)], profile: profile)
        #expect(SVGCensus(RecordingPlot(title: "far", trace: far, trueRepStarts: [1, 1e30, 2]).svg()).isValid)
    }

    /// Times in epoch seconds keep their labels (a clamp at 10⁹ once labelled every tick
    /// "1000000000").
    @Test func epochSecondsAreLabelledAsTheyAre() {
        let samples = (0...500).map { Sample(t: 1_763_700_000 + Double($0) * 0.02, x: 0, y: 0, z: 9.8) }
        let census = SVGCensus(RecordingPlot(title: "epoch", trace: DetectorTrace(samples: samples, profile: SquatProfile(placement: .thigh))).svg())
        #expect(census.texts.contains { $0.hasPrefix("17637000") }, "\(census.texts)")
        #expect(!census.texts.contains("1000000000"))
    }

    /// A long 1 kHz recording is drawn with a bounded number of points per line (about four
    /// per pixel column), not one per sample.
    @Test func longRecordingsAreDecimated() throws {
        var s = SimulationSettings()
        s.activity = .walking
        s.duration = 120
        s.sampleRate = 1000
        let (trace, _) = try simulatedTrace(s)
        #expect(trace.sampleCount > 100_000)
        let census = SVGCensus(RecordingPlot(title: "long", trace: trace).svg())
        #expect(census.isValid)
        #expect(census.largestPolyline > 1000)
        #expect(census.largestPolyline <= 4 * 1300)
    }
}

/// What the picture does with recordings that are hard to draw.
@Suite struct RecordingPlotEdgeTests {
    let profile = SquatProfile(placement: .thigh)

    /// A recording paused for minutes (or whose samples were lost) is drawn as two lines with
    /// nothing between them, not one line across the gap as if it had been measured.
    @Test func aGapInTheSamplesBreaksTheLines() {
        let before = (0..<200).map { Sample(t: Double($0) * 0.05, x: 0, y: sin(Double($0) / 5), z: 9.8) }
        let after = (0..<200).map { Sample(t: 300 + Double($0) * 0.05, x: 0, y: sin(Double($0) / 5), z: 9.8) }
        let census = SVGCensus(RecordingPlot(title: "gap", trace: DetectorTrace(samples: before + after, profile: profile)).svg())
        #expect(census.isValid)
        // x, y, z, |a|, start level, depth level, signal: each in two pieces.
        #expect(census.elements["polyline"] == 14)
        let steady = (0..<400).map { Sample(t: Double($0) * 0.05, x: 0, y: sin(Double($0) / 5), z: 9.8) }
        #expect(SVGCensus(RecordingPlot(title: "steady", trace: DetectorTrace(samples: steady, profile: profile)).svg())
            .elements["polyline"] == 7)
    }

    /// Samples further apart than a gap (a 0.7 Hz sensor) are each drawn as a dot, not as
    /// nothing: every line breaks between them.
    @Test func samplesFurtherApartThanAGapAreDots() {
        let samples = (0..<5).map { Sample(t: Double($0) * 1.5, x: 0, y: Double($0), z: 9.8) }
        let census = SVGCensus(RecordingPlot(title: "sparse", trace: DetectorTrace(samples: samples, profile: profile)).svg())
        #expect(census.elements["polyline"] == 7 * 5)
        #expect(census.largestPolyline == 2)
    }

    /// One sample draws no line; the picture says so instead of being silently empty.
    @Test func oneSampleSaysThereIsNothingToDraw() {
        let census = SVGCensus(RecordingPlot(title: "one", trace: DetectorTrace(samples: [Sample(t: 0, x: 0, y: 0, z: 9.8)],
                                                                                 profile: profile)).svg())
        #expect(census.isValid)
        #expect(census.texts.contains("one sample: nothing to draw"))
        #expect(census.texts.contains { $0.contains("· 1 sample at") })
    }

    /// The time labels of a recording a few milliseconds long have the decimals its ticks need
    /// (two decimals at most labelled them 0, 0, …, 0.01, 0.01).
    @Test func ticksOfAShortRecordingAreDistinct() {
        let samples = (0...8).map { Sample(t: Double($0) * 0.001, x: 0, y: 0, z: 9.8) }
        let census = SVGCensus(RecordingPlot(title: "short", trace: DetectorTrace(samples: samples, profile: profile)).svg())
        for label in ["0.001", "0.002", "0.004", "0.008"] { #expect(census.texts.contains(label), "\(census.texts)") }
    }
}
