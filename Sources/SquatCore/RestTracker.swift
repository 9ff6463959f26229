/// Follows the moments the sensor is at rest and how far it rose or sank between two of them, to
/// tell a seat from a squat on sensors that move up and down (``SquatSignal/Kind/lift`` and
/// ``SquatSignal/Kind/bounce``).
///
/// A person who sits down on a chair *stays* there, at rest, 4–12 s, with the hips 40 cm and
/// more below standing; a squat rests at most 2–3 s at the bottom before it rises again. The
/// leaky `lift` estimate cannot see this: it forgets a change of height within seconds, so a
/// seat reads as a hump, and the stand-up and the estimate creeping back as more. Between two
/// rests, though, the velocity is known — zero at both ends — so the change of height from one
/// rest to the next is the vertical acceleration integrated twice over the movement alone, with
/// the velocity left at its end (sensor bias) taken out as a linear drift. Nothing integrates
/// across a rest, so nothing drifts while the wearer sits or stands.
///
/// "At rest" means the low-passed acceleration *vector* stays within ``restRadius`` of where it
/// was for ``minRest``: |a| steady (no vertical acceleration) **and** the gravity direction
/// steady. A steady |a| alone is no rest: the descent of a slow squat moves at a nearly steady
/// velocity for a second or more.
///
/// Per sample: one squared distance, two multiply-adds of integration and a few comparisons;
/// no square root, no division, no allocation.
struct RestTracker: Sendable {
    /// Radius of "the same acceleration", as a fraction of |g| (0.29 m/s² at 9.81): 1.7° of
    /// turn, or 0.03 g of vertical acceleration. Standing sway (~1° of lean) and sensor noise
    /// after the low-pass filter stay inside; a squat leaves it within a fraction of a second
    /// except near the middle of a slow descent, where the hips move at a steady speed.
    static let restRadius = 0.03
    /// Seconds the acceleration must stay within ``restRadius`` to be a rest: the steady middle
    /// of the slowest squats (5–6 s per rep) stays inside for up to ~1 s (its acceleration
    /// crosses zero there, 0.44 m/s³ for a 40 cm descent in 3 s); a rest that short, misread,
    /// would cut a squat's descent in two with its velocity unknown.
    static let minRest = 1.0
    /// Metres: a movement between rests that takes the sensor less far than this from where it
    /// rested (a shift on the seat, a lean, sway) leaves the wearer in the same posture. 8 cm is
    /// the shallowest travel a rep of a trunk-worn sensor must make (`lift`'s ``Thresholds/minDepth``
    /// at sensitivity 5), a fifth of the drop from standing to a chair seat (40–50 cm).
    /// |a| reads a sit-down short (10–50 cm): the hips swinging back add the horizontal
    /// acceleration's a²/2g to |a|, which integrates as rising.
    static let minLevelChange = 0.08
    /// ``minLevelChange`` per m/s² of 1 g, to compare it with heights integrated from the
    /// sensor's own reading, which scales every acceleration by its |g| (9–14 m/s²) over 1 g.
    private static let levelChangePerGravity = minLevelChange / 9.80665

    /// The acceleration the current rest (or the rest it may become) is measured around, and
    /// when the sensor last left the one before.
    private var anchor = Vector3.zero
    private var anchoredAt = 0.0
    private var primed = false
    private var resting = false
    /// The movement since the last rest, in the sensor's units (m/s² as read, times s and s²):
    /// when it started, velocity, position and the farthest it got from the start.
    private var movedAt = 0.0
    private var velocity = 0.0
    private var position = 0.0
    private var excursion = 0.0
    /// The same three as they were when the acceleration last settled at ``anchor``: where the
    /// movement ended if that settling turns out to be a rest.
    private var settledVelocity = 0.0
    private var settledPosition = 0.0
    private var settledExcursion = 0.0
    /// Change of height, sensor units, of the last movement that went ``minLevelChange`` from
    /// where it started (negative: down), and when the rest after it began.
    private var levelChange = 0.0
    private var levelSince = -Double.infinity

    /// Forgets the movement in progress and the posture (lost samples: nothing integrates
    /// across a gap).
    mutating func reset() {
        self = RestTracker()
    }

    /// Follows one sample `dt` seconds after the previous: `f` the low-passed acceleration
    /// vector and `vertical` |a| − |g| as the sensor reads them, `gravity` its |g| reading.
    mutating func step(_ f: Vector3, vertical: Double, gravity: Double, t: Double, dt: Double) {
        guard primed else {
            primed = true
            anchor = f
            anchoredAt = t
            movedAt = t
            return
        }
        if !resting {
            velocity += vertical * dt
            position += velocity * dt
            excursion = max(excursion, abs(position))
        }
        let d = f - anchor
        let radius = RestTracker.restRadius * gravity
        if d.dot(d) > radius * radius {
            anchor = f
            anchoredAt = t
            if resting {
                resting = false
                movedAt = t
                velocity = 0
                position = 0
                excursion = 0
            }
            settledVelocity = velocity
            settledPosition = position
            settledExcursion = excursion
        } else if !resting && t - anchoredAt >= RestTracker.minRest {
            resting = true
            let significant = RestTracker.levelChangePerGravity * gravity
            if settledExcursion >= significant {
                levelChange = settledPosition - settledVelocity * (anchoredAt - movedAt) / 2
                levelSince = anchoredAt
            }
        }
    }

    /// Whether the wearer came to rest at least ``minLevelChange`` lower than the rest before,
    /// and has stayed there (only small movements since) for `duration` seconds: seated,
    /// kneeling, crouched.
    func isLowered(for duration: Double, at t: Double, gravity: Double) -> Bool {
        let significant = RestTracker.levelChangePerGravity * gravity
        return levelChange <= -significant && t - levelSince >= duration
            && (resting || excursion < significant)
    }
}
