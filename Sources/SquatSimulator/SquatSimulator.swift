import SquatCore

/// Simulates a body-worn accelerometer during squats or during activities that are not
/// squats, so that squatd can be tested and tuned without a sensor and with the truth known.
///
/// The model, in order (details on each internal type):
/// 1. **A person** (``Person``): segment lengths from body height (Winter's proportions),
///    standing posture, arm posture and postural sway.
/// 2. **A motion** (``SquatSet``, ``Walking``, ``SitStand``, ``PickUp``, ``DeviceHandling``,
///    ``ArmGestures``): the pose as a C² function of time; for squats a two-segment leg
///    whose thigh angle moves along minimum-jerk paths, which sets the hip's height and
///    fore-aft position, with trunk lean and arm raise.
/// 3. **The sensor's site** (``Body/site(_:in:)``): a point fixed on the placement's segment,
///    its world position p(t) and orientation R_seg(t), times a mounting rotation M drawn
///    uniformly from SO(3) (the device may be worn any way round).
/// 4. **Physics**: the accelerometer measures specific force, the acceleration minus gravity,
///    expressed in its own frame:
///
///        f(t) = (R_seg(t)·M)ᵀ · (p̈(t) + g·ẑ),   g = 9.80665 m/s²
///
///    with p̈ by central differences, (p(t+h) − 2p(t) + p(t−h))/h², h = 1 ms, on the exact
///    (analytic) p. At rest f = g·ẑ in world axes: +9.81 on the axis pointing up, as IIO
///    sensors report.
/// 5. **The sensor's imperfections** (``SensorImperfections``): per-axis scale (|g| read as
///    9–14 m/s², within a few percent that depend on the orientation), bias and white noise
///    of a constant density (per sample σ = D·√(rate/2)).
/// 6. **Sampling**: nominal times k/rate; each timestamp jittered by N(0, jitter²) periods
///    (clamped to ±0.45 period so order is kept); each sample lost with probability
///    `dropRate`, and with probability `dropRate`/20 a run of 2–10 is lost.
public struct SquatSimulator: Sendable {
    public let settings: SimulationSettings

    /// Step of the finite-difference second derivative, seconds.
    static let differenceStep = 1e-3

    /// Throws ``SimulationSettingsError`` for a setting outside the model's range.
    public init(_ settings: SimulationSettings) throws(SimulationSettingsError) {
        try settings.validate()
        self.settings = settings
    }

    /// The recording. Deterministic: the same settings give the same samples, bit for bit,
    /// with the same C math library (see `SplitMix64`).
    public func run() -> SimulatedRecording {
        let world = makeWorld()
        var random = world.noiseRandom
        var samples: [Sample] = []
        samples.reserveCapacity(Int(world.motion.duration * settings.sampleRate) + 1)
        let period = 1 / settings.sampleRate
        var k = 0, skip = 0
        while true {
            let nominal = Double(k) * period
            if nominal > world.motion.duration { break }
            k += 1
            let offset = min(max(settings.jitter * random.normal(), -0.45), 0.45) * period
            let lost = random.uniform() < settings.dropRate
            if random.uniform() < settings.dropRate / 20 { skip = 2 + Int(random.uniform() * 9) }
            if skip > 0 { skip -= 1; continue }
            if lost { continue }
            let t = max(nominal + offset, 0)
            let f = world.specificForce(at: t)
            let a = world.sensor.read(f, random: &random)
            samples.append(Sample(t: t, x: a.x, y: a.y, z: a.z))
        }
        return SimulatedRecording(samples: samples,
                                  repStarts: world.motion.reps.map(\.start),
                                  repEnds: world.motion.reps.map(\.end),
                                  metadata: metadata(world))
    }

    /// Everything drawn from the seed, each part from its own split stream.
    struct World: Sendable {
        var person: Person
        var motion: any Motion
        var mount: Rotation
        var sensor: SensorImperfections
        var noiseRandom: SplitMix64
        var placement: Placement

        /// Specific force in the sensor frame at time t, m/s² (before imperfections).
        func specificForce(at t: Double) -> Vector3 {
            worldToSensor(at: t) * specificForceInWorld(at: t)
        }

        /// Specific force in world axes (x forward, y left, z up), m/s².
        func specificForceInWorld(at t: Double) -> Vector3 {
            let h = SquatSimulator.differenceStep
            let body = person.body
            let before = body.site(placement, in: motion.pose(at: t - h)).position
            let now = body.site(placement, in: motion.pose(at: t)).position
            let after = body.site(placement, in: motion.pose(at: t + h)).position
            let acceleration = (1 / (h * h)) * (after - 2 * now + before)
            return acceleration + Vector3(0, 0, standardGravity)
        }

        /// Rotation taking world vectors into the sensor frame at time t.
        func worldToSensor(at t: Double) -> Rotation {
            (person.body.site(placement, in: motion.pose(at: t)).orientation * mount).transposed
        }
    }

    func makeWorld() -> World {
        var root = SplitMix64(seed: settings.seed)
        var personRandom = root.split(), motionRandom = root.split()
        var mountRandom = root.split(), sensorRandom = root.split()
        let noiseRandom = root.split()
        let person = Person(placement: settings.placement, random: &personRandom)
        let motion: any Motion
        switch settings.activity {
        case .squats: motion = SquatSet(settings: settings, person: person, random: &motionRandom)
        case .walking: motion = Walking(settings: settings, person: person, random: &motionRandom)
        case .sitStand: motion = SitStand(settings: settings, person: person, random: &motionRandom)
        case .pickUp: motion = PickUp(settings: settings, person: person, random: &motionRandom)
        case .handling: motion = DeviceHandling(settings: settings, person: person, random: &motionRandom)
        case .armGestures: motion = ArmGestures(settings: settings, person: person, random: &motionRandom)
        }
        return World(person: person, motion: motion, mount: .uniform(using: &mountRandom),
                     sensor: SensorImperfections(settings: settings, random: &sensorRandom),
                     noiseRandom: noiseRandom, placement: settings.placement)
    }

    private func metadata(_ world: World) -> [(key: String, value: String)] {
        let s = settings
        let reps = world.motion.reps
        var m: [(key: String, value: String)] = [
            ("source", "squatd simulate (synthetic: SquatSimulator model, not a real person)"),
            ("placement", s.placement.rawValue),
            ("kind", s.activity == .squats ? "squat" : "idle"),
            ("activity", s.activity.rawValue),
            ("expected_reps", String(reps.count)),
            ("truth", "simulated: rep_starts_s is the start of each descent, rep_ends_s the end of each ascent"),
        ]
        if !reps.isEmpty {
            m.append(("rep_starts_s", reps.map { decimalText($0.start, 2) }.joined(separator: ";")))
            m.append(("rep_ends_s", reps.map { decimalText($0.end, 2) }.joined(separator: ";")))
        }
        m.append(("seed", String(s.seed)))
        if s.activity == .squats {
            m.append(("tempo_s", decimalText(s.tempo, 2)))
            m.append(("depth_deg", decimalText(s.depth, 1)))
            m.append(("bottom_pause_s", decimalText(s.bottomPause, 2)))
            m.append(("top_pause_s", decimalText(s.topPause, 2)))
            m.append(("variation", decimalText(s.variation, 3)))
        } else {
            m.append(("duration_s", decimalText(s.duration, 1)))
        }
        m.append(("rate_hz", decimalText(s.sampleRate, 1)))
        m.append(("jitter", decimalText(s.jitter, 3)))
        m.append(("drop_rate", decimalText(s.dropRate, 4)))
        m.append(("g_reading", decimalText(world.sensor.gravityReading, 2)))
        m.append(("noise_density", decimalText(world.sensor.noiseDensity, 5)))
        m.append(("noise_sd", decimalText(world.sensor.noise, 3)))
        m.append(("body_height_m", decimalText(world.person.body.thigh / 0.245, 2)))
        m.append(("mount", "uniformly random rotation"))
        return m
    }
}
