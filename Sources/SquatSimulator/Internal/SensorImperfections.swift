/// How one simulated accelerometer differs from an ideal one, drawn once per recording.
///
/// A reading of the specific force f (sensor frame, m/s²) is, per axis i,
///
///     aᵢ = sᵢ·fᵢ + bᵢ + σ·nᵢ,   sᵢ = (g_read / g)·(1 + 0.015·N),  bᵢ = 0.1·N m/s²,  nᵢ ~ N(0, 1)
///
/// so |a| at rest is g_read (9–14 m/s², as real miscalibrated sensors read) within a few
/// percent. The noise is white with a constant density D (m/s²/√Hz), as datasheets state it,
/// band-limited by the sensor's own filter to about half its output rate, so per sample
///
///     σ = D·√(rate / 2)
///
/// A faster sensor has more noise per sample but the same noise in any band of frequencies
/// a squat occupies (below a few hertz), all the detector's filters keep; a σ fixed per
/// sample instead would make a 10 Hz sensor several times noisier than any real one.
struct SensorImperfections: Sendable {
    var gravityReading: Double
    /// Noise density per axis, m/s²/√Hz.
    var noiseDensity: Double
    /// Standard deviation of the noise per sample and axis, m/s²: ``noiseDensity`` over the
    /// sensor's bandwidth, half the sample rate.
    var noise: Double
    var scale: Vector3
    var bias: Vector3

    /// Noise densities drawn when the settings name none, m/s²/√Hz per axis (0.1–3 mg/√Hz).
    ///
    /// The low end is the quietest phone and wearable accelerometers (MMA8451Q 99 µg/√Hz, BMI160
    /// 180, LIS3DH 220 in high-resolution mode, MPU-6050 400). The high end is several times the
    /// noisiest: an ADXL345 reads up to ~0.8 mg/√Hz on its z axis, and an 8-bit low-power mode's
    /// 16 mg steps are ~2 mg/√Hz at 10 Hz; the quietest second of each real 110 Hz recording
    /// (squat-imu, body tremor included) has 0.5–0.7 mg/√Hz as its median, 2.5 at worst. Harsher
    /// than real sensors on purpose, never by more than a few times, at every rate.
    static let densities: ClosedRange<Double> = 0.001...0.03

    /// Draws every random part even when the settings fix it, so that fixing |g| or the noise
    /// changes only that: the same seed keeps its scale errors and biases.
    init(settings: SimulationSettings, random: inout SplitMix64) {
        let drawnGravity = random.uniform(9...14), drawnDensity = random.uniform(Self.densities)
        gravityReading = settings.gravityReading ?? drawnGravity
        noiseDensity = settings.noiseDensity ?? drawnDensity
        noise = noiseDensity * (settings.sampleRate / 2).squareRoot()
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
