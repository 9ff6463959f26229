/// How one simulated accelerometer differs from an ideal one, drawn once per recording.
///
/// A reading of the specific force f (sensor frame, m/s²) is, per axis i,
///
///     aᵢ = sᵢ·fᵢ + bᵢ + σ·nᵢ,   sᵢ = (g_read / g)·(1 + 0.015·N),  bᵢ = 0.1·N m/s²,  nᵢ ~ N(0, 1)
///
/// so |a| at rest is g_read (9–14 m/s², as real miscalibrated sensors read) within a few
/// percent; σ is the white noise.
struct SensorImperfections: Sendable {
    var gravityReading: Double
    var noise: Double
    var scale: Vector3
    var bias: Vector3

    init(settings: SimulationSettings, random: inout SplitMix64) {
        gravityReading = settings.gravityReading ?? random.uniform(9...14)
        noise = settings.noise ?? random.uniform(0.03...0.25)
        let common = gravityReading / standardGravity
        scale = Vector3(common * (1 + 0.015 * random.normal()),
                        common * (1 + 0.015 * random.normal()),
                        common * (1 + 0.015 * random.normal()))
        bias = Vector3(0.1 * random.normal(), 0.1 * random.normal(), 0.1 * random.normal())
    }

    func read(_ f: Vector3, random: inout SplitMix64) -> Vector3 {
        Vector3(scale.x * f.x + bias.x + noise * random.normal(),
                scale.y * f.y + bias.y + noise * random.normal(),
                scale.z * f.z + bias.z + noise * random.normal())
    }
}
