import MallocCounter
import SquatCore

/// Times ``SquatCore/SquatDetector/step(_:)`` alone, one placement at a time, over a quarter of
/// an hour of simulated mixed use at 100 Hz (``SimulatedSession/mixedQuarterHour(placement:seed:)``),
/// and counts the heap allocations it makes.
///
/// Each placement is run `trials` times with a fresh detector; the figure is the fastest trial
/// in thread CPU time (the least disturbed by other work on the machine). Allocations are
/// counted over all trials, detector creation excluded.
struct PipelineBenchmark {
    struct Result {
        var placement: Placement
        var signal: SquatSignal.Kind
        var samples: Int
        var repsCounted: Int
        var nanosecondsPerSample: Double
        var allocationsPerSample: Double
    }

    var trials = 7
    var placements = Placement.allCases

    func run() -> [Result] {
        placements.map { placement in
            let samples = SimulatedSession.mixedQuarterHour(placement: placement, seed: 11).samples
            let profile = SquatProfile(placement: placement, sensitivity: .default)
            var best = Double.infinity
            var allocations: UInt64 = 0
            var reps = 0
            for _ in 0..<trials {
                var detector = SquatDetector(profile: profile)
                reps = 0
                let allocationsBefore = malloc_counter_allocations()
                let start = Measurement.threadCPUSeconds()
                samples.withUnsafeBufferPointer { buffer in
                    for sample in buffer where detector.step(sample) != nil { reps += 1 }
                }
                while detector.flush() != nil { reps += 1 }
                let seconds = Measurement.threadCPUSeconds() - start
                allocations += malloc_counter_allocations() - allocationsBefore
                best = min(best, seconds)
            }
            return Result(placement: placement, signal: profile.thresholds.signal, samples: samples.count,
                          repsCounted: reps, nanosecondsPerSample: best / Double(samples.count) * 1e9,
                          allocationsPerSample: Double(allocations) / Double(samples.count * trials))
        }
    }

    /// Whether the allocation counter sees allocations at all (it must, for a 0 to mean
    /// anything): makes one array and checks the count moved.
    static func allocationCounterWorks() -> Bool {
        let before = malloc_counter_allocations()
        let array = [Int](unsafeUninitializedCapacity: 1000 + Int.random(in: 0..<10)) { buffer, count in
            buffer.initialize(repeating: 1)
            count = buffer.count
        }
        let after = malloc_counter_allocations()
        return array.count > 0 && after > before
    }
}
