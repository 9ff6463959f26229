@testable import SquatPlot
import SquatCore
import SquatSimulator
import Testing

extension ColumnDecimation {
    /// ``lines(x:y:gap:)`` as one line, whatever the time between points: the decimation alone.
    func points(x: LinearScale, y: LinearScale) -> [(x: Double, y: Double)] {
        lines(x: x, y: y, gap: .infinity).first ?? []
    }
}

/// A series with ties, plateaus and spikes, the same on every run.
private func wobblySeries(count: Int, seconds: Double) -> [(t: Double, value: Double)] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { i in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = Double(state >> 40 % 7) - 3 // small integers: equal values are common
        let spike = i % 997 == 0 ? 40.0 : 0
        return (seconds * Double(i) / Double(count), (Double(i % 300) / 30).rounded() + noise + spike)
    }
}

/// What the plot drew before it streamed (the whole series in memory): each pixel column's
/// first, lowest, highest and last sample, the earliest of equal extremes.
private func wholeSeriesDecimation(_ series: [(t: Double, value: Double)], x: LinearScale, y: LinearScale) -> [(x: Double, y: Double)] {
    var out: [(x: Double, y: Double)] = []
    var i = 0
    while i < series.count {
        let column = x(series[i].t).rounded(.down)
        var low = i, high = i, j = i
        while j < series.count, x(series[j].t).rounded(.down) == column {
            if series[j].value < series[low].value { low = j }
            if series[j].value > series[high].value { high = j }
            j += 1
        }
        var previous = -1
        for k in [i, low, high, j - 1].sorted() where k != previous {
            out.append((x(series[k].t), y(series[k].value)))
            previous = k
        }
        i = j
    }
    return out
}

@Suite struct ColumnDecimationTests {
    let y = LinearScale(domain: -10...60, range: 0...300, flipped: true)

    /// Laid out for the picture's time axis, streaming keeps exactly the points the
    /// whole-series decimation kept: the SVG of a file stays byte for byte what it was.
    @Test(arguments: [50, 5_000, 200_000])
    func pixelColumnsKeepWhatTheWholeSeriesDecimationKept(count: Int) {
        let series = wobblySeries(count: count, seconds: 93.7)
        let axis = RecordingPlot.timeAxis(samplesFrom: series.first!.t, to: series.last!.t, trueRepStarts: [], trueRepEnds: [])
        let x = RecordingPlot.timeScale(domain: axis)
        var columns = ColumnDecimation(layout: .pixels(x))
        for (i, s) in series.enumerated() { columns.append(index: i, t: s.t, value: s.value) }
        let streamed = columns.points(x: x, y: y), whole = wholeSeriesDecimation(series, x: x, y: y)
        #expect(streamed.count == whole.count)
        #expect(zip(streamed, whole).allSatisfy { $0.x == $1.x && $0.y == $1.y })
    }

    /// Read once (a pipe), columns grow with the series: at most four points for each of
    /// the 1207 pixel columns however long it is, and the first, last, lowest and highest
    /// samples are all still drawn.
    @Test func growingColumnsStayBoundedAndKeepTheExtremes() {
        let series = wobblySeries(count: 1_000_000, seconds: 36_000)
        var columns = ColumnDecimation(layout: .growing)
        for (i, s) in series.enumerated() { columns.append(index: i, t: s.t, value: s.value) }
        let x = RecordingPlot.timeScale(domain: series.first!.t...series.last!.t)
        let points = columns.points(x: x, y: y)
        #expect(points.count > 1207 && points.count <= 4 * 1207)
        #expect(points.first!.x == x(series.first!.t) && points.last!.x == x(series.last!.t))
        #expect(points.map(\.y).min() == y(series.map(\.value).max()!))
        #expect(points.map(\.y).max() == y(series.map(\.value).min()!))
        #expect(zip(points, points.dropFirst()).allSatisfy { $0.x <= $1.x }, "in time order")
    }

    /// The same recording drawn from a trace laid out for its time axis and from one whose
    /// columns grew: the same counts, title and phase shading, the lines within a pixel or two.
    @Test func aStreamReadOnceIsDrawnLikeAFile() throws {
        var s = SimulationSettings()
        s.seed = 3
        s.reps = 8
        let recording = try SquatSimulator(s).run()
        let profile = SquatProfile(placement: .thigh)
        let axis = RecordingPlot.timeAxis(samplesFrom: recording.samples.first?.t, to: recording.samples.last?.t,
                                          trueRepStarts: recording.repStarts, trueRepEnds: recording.repEnds)
        var laidOut = DetectorTrace(profile: profile, timeAxis: axis)
        for sample in recording.samples { laidOut.step(sample) }
        laidOut.finish()
        let grown = DetectorTrace(samples: recording.samples, profile: profile)
        let file = SVGCensus(RecordingPlot(title: "t", trace: laidOut, trueRepStarts: recording.repStarts,
                                           trueRepEnds: recording.repEnds).svg())
        let stream = SVGCensus(RecordingPlot(title: "t", trace: grown, trueRepStarts: recording.repStarts,
                                             trueRepEnds: recording.repEnds).svg())
        #expect(file.isValid && stream.isValid)
        #expect(grown.reps == laidOut.reps && grown.sampleCount == laidOut.sampleCount)
        #expect(file.texts == stream.texts)
        #expect(file.elements == stream.elements)
        #expect(stream.largestPolyline <= 4 * 1207)
    }
}
