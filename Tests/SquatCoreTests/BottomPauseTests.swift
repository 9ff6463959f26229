import Testing
@testable import SquatCore

/// ``BottomPause``: a braking hump, |a| quasi-static for 0.5–2 s, left rising, then a push hump
/// (the only movement whose rise the set check may read as its depth).
@Suite struct BottomPauseTests {
    static let g = 9.81

    /// Feeds `segments` of (seconds, |a| − |g| as a fraction of |g|) at 100 Hz, with the
    /// quasi-static seconds counted as ``SquatSignal`` counts them (within 0.1 g).
    static func paused(_ segments: [(seconds: Double, vertical: Double)]) -> Bool {
        var pause = BottomPause()
        var quiet = 0.0
        let dt = 0.01
        for (seconds, v) in segments {
            for _ in 0..<Int((seconds / dt).rounded()) {
                quiet = abs(v) < SquatSignal.quasiStaticFraction ? quiet + dt : 0
                pause.step(vertical: v * g, gravity: g, quiet: quiet)
            }
        }
        return pause.paused
    }

    /// A fast squat held 1 s at the bottom: falling (|a| under |g|), braking at 0.5 g, still,
    /// pushing at 0.5 g.
    @Test func aSquatHeldAtItsBottomPaused() {
        #expect(BottomPauseTests.paused([(0.3, -0.4), (0.3, 0.5), (1.0, 0.02), (0.3, 0.5), (0.3, -0.4)]))
    }

    /// Held 0.3 s: the estimate keeps most of the step (no pause as meant here).
    @Test func aShortHoldIsNoPause() {
        #expect(!BottomPauseTests.paused([(0.3, -0.4), (0.3, 0.5), (0.3, 0.02), (0.3, 0.5), (0.3, -0.4)]))
    }

    /// A device turned in the hand: |a| never leaves |g| by a squat's braking (0.2 g here).
    @Test func gentleHumpsAreNoBrakingNorPush() {
        #expect(!BottomPauseTests.paused([(0.3, -0.2), (0.3, 0.2), (1.0, 0.02), (0.3, 0.2), (0.3, -0.2)]))
    }

    /// A seat: braked, held, and left by falling (the trunk leans forward) before the push.
    @Test func aRestLeftByFallingIsASeat() {
        #expect(!BottomPauseTests.paused([(0.3, -0.4), (0.3, 0.5), (1.0, 0.02), (0.3, -0.3), (0.3, 0.5)]))
    }

    /// A walk stopped and started: steps' humps around 3 s of standing.
    @Test func standingLongerThanAPauseIsNoPause() {
        #expect(!BottomPauseTests.paused([(0.3, 0.5), (3.0, 0.02), (0.3, 0.5)]))
    }

    /// Held still without braking first (a movement that began in the hold): no pause.
    @Test func aHoldWithoutBrakingIsNoPause() {
        #expect(!BottomPauseTests.paused([(1.0, 0.02), (0.3, 0.5), (0.3, -0.4)]))
    }

    /// The pause belongs to one movement: a new one forgets it.
    @Test func aNewMovementForgetsThePause() {
        var pause = BottomPause()
        var quiet = 0.0
        for (seconds, v) in [(0.3, 0.5), (1.0, 0.02), (0.3, 0.5)] {
            for _ in 0..<Int(seconds * 100) {
                quiet = abs(v) < 0.1 ? quiet + 0.01 : 0
                pause.step(vertical: v * BottomPauseTests.g, gravity: BottomPauseTests.g, quiet: quiet)
            }
        }
        #expect(pause.paused)
        pause.reset()
        #expect(!pause.paused)
    }
}
