import SquatCore
import SquatRecordings
import SquatSimulator

/// Time from the true end of each rep to the sample at which the detector emits it
/// (``SquatCore/Rep/detectedAt``), on sample clocks: what the user waits for the count and its
/// sound, less the sound's own latency.
///
/// Reps are split in two groups. The detector counts a rep only inside a set: the first
/// `confirmReps` (2–3) reps of a set are held until the set is confirmed and then come out
/// together, one per following sample. Those **confirming** reps are late by design (the first
/// by a whole rep or two). Every later rep of the set is emitted on its own as it completes:
/// those **in a confirmed set** show the detector's real reaction time. A rep is in the
/// confirming group when it came out in such a batch (emitted by consecutive samples).
///
/// Detected reps are matched one to one, in order, to true reps: a detected rep belongs to the
/// true rep whose span (start to end, widened by half a second on each side) holds its bottom.
struct DetectionLatency {
    /// Latencies of the matched reps of one group of recordings, seconds.
    struct Sample {
        var confirming: [Double] = []
        var inConfirmedSet: [Double] = []
        var all: [Double] { confirming + inConfirmedSet }
        var trueReps = 0
        var unmatchedDetections = 0

        mutating func merge(_ other: Sample) {
            confirming += other.confirming
            inConfirmedSet += other.inConfirmedSet
            trueReps += other.trueReps
            unmatchedDetections += other.unmatchedDetections
        }
    }

    /// Replays `samples` through a detector for `placement` and measures each rep whose true
    /// span (`starts[i]`…`ends[i]`) is known.
    static func measure(_ samples: some Sequence<SquatCore.Sample>, placement: Placement,
                        starts: [Double], ends: [Double]) -> Sample {
        var detector = SquatDetector(profile: SquatProfile(placement: placement, sensitivity: .default))
        // Each emitted rep with the index of the sample that emitted it.
        var emitted: [(rep: Rep, index: Int)] = []
        var index = 0
        for sample in samples {
            if let rep = detector.step(sample) { emitted.append((rep, index)) }
            index += 1
        }
        while let rep = detector.flush() { emitted.append((rep, index)) }
        // A batch: reps emitted by consecutive samples (real reps are never one sample apart).
        let batch = emitted.indices.map { i in
            (i > 0 && emitted[i - 1].index >= emitted[i].index - 1)
                || (i + 1 < emitted.count && emitted[i + 1].index <= emitted[i].index + 1)
        }

        var result = Sample()
        result.trueReps = starts.count
        var next = 0
        for (i, (rep, _)) in emitted.enumerated() {
            while next < starts.count && rep.bottom > ends[next] + 0.5 { next += 1 }
            guard next < starts.count, rep.bottom >= starts[next] - 0.5 else {
                result.unmatchedDetections += 1
                continue
            }
            let latency = rep.detectedAt - ends[next]
            if batch[i] { result.confirming.append(latency) } else { result.inConfirmedSet.append(latency) }
            next += 1
        }
        return result
    }

    /// Simulated sets for `placement`: three tempos (1.5, 2.5 and 4 s per rep) × four people
    /// (seeds), ten reps each, 100 Hz. The simulator knows each rep's true end (`rep_ends_s`).
    static func simulated(placement: Placement) -> Sample {
        var total = Sample()
        for tempo in [1.5, 2.5, 4.0] {
            for seed: UInt64 in 1...4 {
                var settings = SimulationSettings()
                settings.placement = placement
                settings.reps = 10
                settings.tempo = tempo
                settings.seed = seed
                let recording = try! SquatSimulator(settings).run()
                total.merge(measure(recording.samples, placement: placement,
                                    starts: recording.repStarts, ends: recording.repEnds))
            }
        }
        return total
    }

    /// The development recordings that carry rep boundaries (`# rep_starts_s:`, scored sets
    /// only), grouped by placement; nil when the manifest is absent. Reps there follow each
    /// other, so a rep's true end is taken as the next rep's start; the last rep of each file,
    /// whose end is not recorded, is left out.
    static func development(manifest path: String) -> [Placement: Sample]? {
        guard let manifest = try? Manifest.read(path) else { return nil }
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var byPlacement: [Placement: Sample] = [:]
        for entry in manifest.entries where entry.kind == .squat && entry.isScored {
            guard let reader = try? RecordingReader(path: "\(folder)/\(entry.file)"),
                  let startsText = reader.metadata["rep_starts_s"] else { continue }
            let starts = startsText.split(separator: ";").compactMap { Double($0.filter { $0 != " " }) }
            guard starts.count >= 2 else { continue }
            var samples: [SquatCore.Sample] = []
            while let sample = try? reader.next() { samples.append(sample) }
            let measured = measure(samples, placement: entry.placement,
                                   starts: Array(starts.dropLast()), ends: Array(starts.dropFirst()))
            byPlacement[entry.placement, default: Sample()].merge(measured)
        }
        return byPlacement
    }
}
