#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

/// How ``SquatSignal`` reads the turn of a movement (``SquatSignal/greatestTurn``).
@Suite struct SquatSignalTests {
    static let g = 9.81

    /// At 12.5 Hz, a hand swinging a controller once per stride: |a| jumps between 2.2 g and
    /// 0.4 g every half stride (0.48 s), so the low-passed |a| passes through |g| between two
    /// samples and no sample is within 10 % of it, while the controller turns by 80° within the
    /// first half stride.
    /// The turn is read where |a| passed through |g| (the two samples interpolated): before,
    /// a movement without a quasi-static sample read as no turn at all, and a walk with the
    /// controller counted as squats at 12.5 Hz (turning 70–100° per stride, rejected at 100 Hz).
    @Test(arguments: [SquatSignal.Kind.lift, .bounce])
    func aTurnTooFastForAnyQuasiStaticSampleIsRead(kind: SquatSignal.Kind) {
        var signal = SquatSignal(kind: kind, lowPassHz: 2.5)
        let dt = 0.08, turn = 80.0, axis = Vector3(0.6, 0.8, 0)
        let mount = Vector3(0, 0, 1).rotated(about: Vector3(1, 0, 0), by: 0.7)
        for _ in 0..<Int(3 / dt) {
            _ = signal.step(mount * Self.g, dt: dt, phase: .standing)
        }
        for i in 0..<18 {
            let length = (i % 12 < 6 ? 2.2 : 0.4) * Self.g
            let angle = turn * Double.pi / 180 * min(Double(i + 1) / 6, 1)
            _ = signal.step(mount.rotated(about: axis, by: angle) * length, dt: dt,
                            phase: .descending)
        }
        #expect(signal.greatestTurn > 60, "read \(signal.greatestTurn)° of an 80° turn")
    }
}
