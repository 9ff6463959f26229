import Testing
@testable import SquatCore

/// A service replaces a device's detector when its settings change (a reload). The new one knows
/// nothing of the set before it, so it may only take over where nothing is lost:
/// ``SquatDetector/isBetweenSets``.
@Suite struct DetectorReplacementTests {
    /// A simulated set followed by `seconds` of the last reading, 100 Hz.
    static func setThenStanding(_ wearing: StreamScenario.Wearing, seed: UInt64, seconds: Double) -> SimulatedStream {
        var stream = StreamScenario(wearing: wearing, secondsPerRep: 2.5, clock: SampleClock(rateHz: 100), seed: seed).generate()
        let last = stream.samples[stream.samples.count - 1]
        for k in 1...Int(seconds * 100) {
            stream.samples.append(Sample(t: last.t + Double(k) / 100, x: last.x, y: last.y, z: last.z))
        }
        return stream
    }

    /// New settings arrive in the middle of every rep (a reload each time), and the detector is
    /// replaced at the first sample where ``SquatDetector/isBetweenSets`` holds: once, after the
    /// set, with every rep counted. Replaced as soon as the settings arrive, it counted none
    /// of these sets (each new detector dropped the reps waiting to be confirmed).
    @Test(arguments: [StreamScenario.Wearing.thigh, .waist], [UInt64(1), 2, 3])
    func aDetectorReplacedOnlyBetweenSetsCountsWhatOneNeverReplacedCounts(wearing: StreamScenario.Wearing, seed: UInt64) {
        let stream = Self.setThenStanding(wearing, seed: seed, seconds: 10)
        let profile = SquatProfile(placement: wearing.placement)
        var kept = SquatDetector(profile: profile)
        var replaced = SquatDetector(profile: profile)
        var countedKept = 0, countedReplaced = 0, replacements = 0
        var reloads = stream.trueReps.map { ($0.start + $0.end) / 2 }[...]
        var pending = false
        for s in stream.samples {
            if kept.step(s) != nil { countedKept += 1 }
            while let t = reloads.first, t <= s.t { pending = true; reloads.removeFirst() }
            if pending && replaced.isBetweenSets {
                replaced = SquatDetector(profile: profile)
                replacements += 1
                pending = false
            }
            if replaced.step(s) != nil { countedReplaced += 1 }
        }
        while kept.flush() != nil { countedKept += 1 }
        while replaced.flush() != nil { countedReplaced += 1 }
        #expect(countedKept == stream.trueReps.count, "the set itself counts")
        #expect(countedReplaced == countedKept)
        #expect(replacements == 1, "replaced once, after the set")
    }

    /// Between sets is standing still with no set open: not in a first rep's onset, which the
    /// state machine sees as a movement only later (a detector replaced there lost the set).
    @Test func theSetIsOpenFromItsFirstRepUntilSetGapAfterItsLast() throws {
        let stream = Self.setThenStanding(.thigh, seed: 3, seconds: 10)
        var detector = SquatDetector(profile: SquatProfile(placement: .thigh))
        let lastEnd = try #require(stream.trueReps.last).end
        var between: [(t: Double, between: Bool)] = []
        for s in stream.samples {
            _ = detector.step(s)
            between.append((s.t, detector.isBetweenSets))
        }
        func all(from: Double, to: Double, are value: Bool) -> Bool {
            between.filter { $0.t > from && $0.t < to }.allSatisfy { $0.between == value }
        }
        let gap = SquatProfile(placement: .thigh).thresholds.setGap
        let firstStart = stream.trueReps[0].start, t0 = stream.samples[0].t
        #expect(all(from: t0 + SquatSignal.stillDuration + 0.1, to: firstStart, are: true), "before the set, once still")
        // A smooth descent turns the thigh by less than the stillness tolerance in its first
        // 0.2 s: from there on it is a movement to `isStill`, well before the state machine's.
        #expect(all(from: firstStart + 0.3, to: lastEnd, are: false), "from its first rep's onset on")
        #expect(all(from: lastEnd + 0.5, to: lastEnd + gap - 0.5, are: false), "until set_gap after it")
        #expect(between.last?.between == true, "and then again")
    }
}
