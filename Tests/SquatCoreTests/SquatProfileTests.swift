#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import SquatCore

@Suite struct SquatProfileTests {
    @Test func sensitivityOutsideOneToTenIsNil() {
        #expect(Sensitivity(0) == nil)
        #expect(Sensitivity(11) == nil)
        #expect(Sensitivity(-5) == nil)
        #expect(Sensitivity(1)?.value == 1)
        #expect(Sensitivity(10)?.value == 10)
        #expect(Sensitivity.default.value == 5)
    }

    @Test(arguments: Placement.allCases)
    func sensitivityFiveKeepsThePlacementDefaults(placement: Placement) {
        #expect(SquatProfile(placement: placement, sensitivity: Sensitivity(5)!).thresholds == Thresholds.defaults(for: placement))
        #expect(SquatProfile(placement: placement).thresholds == Thresholds.defaults(for: placement))
    }

    /// Each step above 5 divides the amplitude thresholds by `stepRatio`, each step below multiplies;
    /// nothing else changes.
    @Test(arguments: Placement.allCases)
    func sensitivityScalesOnlyTheAmplitudeThresholds(placement: Placement) throws {
        let base = Thresholds.defaults(for: placement)
        for value in Sensitivity.range {
            let t = SquatProfile(placement: placement, sensitivity: try #require(Sensitivity(value))).thresholds
            let factor = pow(Sensitivity.stepRatio, Double(5 - value))
            #expect(abs(t.startLevel - base.startLevel * factor) < 1e-12 * base.startLevel, "sensitivity \(value)")
            #expect(abs(t.minDepth - base.minDepth * factor) < 1e-12 * base.minDepth, "sensitivity \(value)")
            var unscaled = t
            unscaled.startLevel = base.startLevel
            unscaled.minDepth = base.minDepth
            #expect(unscaled == base, "sensitivity \(value) changed more than the amplitudes")
        }
    }

    @Test func higherSensitivityIsMoreLenientStepByStep() throws {
        var previous: Thresholds?
        for value in Sensitivity.range {
            let t = SquatProfile(placement: .thigh, sensitivity: try #require(Sensitivity(value))).thresholds
            if let p = previous {
                #expect(abs(p.startLevel / t.startLevel - 1.25) < 1e-12)
                #expect(abs(p.minDepth / t.minDepth - 1.25) < 1e-12)
            }
            previous = t
        }
        // Thigh defaults: startLevel 6°, minDepth 20°.
        let six = SquatProfile(placement: .thigh, sensitivity: Sensitivity(6)!).thresholds
        #expect(abs(six.startLevel - 4.8) < 1e-12)
        #expect(abs(six.minDepth - 16) < 1e-12)
        let four = SquatProfile(placement: .thigh, sensitivity: Sensitivity(4)!).thresholds
        #expect(abs(four.startLevel - 7.5) < 1e-12)
        #expect(abs(four.minDepth - 25) < 1e-12)
    }

    @Test func sensitivityIsOrdered() {
        #expect(Sensitivity(3)! < Sensitivity(4)!)
        #expect(!(Sensitivity(4)! < Sensitivity(4)!))
        #expect(Sensitivity(1)!.thresholdScale > Sensitivity(10)!.thresholdScale)
    }

    @Test(arguments: [1, 5, 10])
    func overridesWinAndAreNotScaled(sensitivity: Int) {
        var o = Thresholds.Overrides()
        o.startLevel = 3
        o.minDepth = 12
        o.minRepDuration = 0.5
        o.confirmReps = 1
        o.signal = .lift
        let t = SquatProfile(placement: .thigh, sensitivity: Sensitivity(sensitivity)!, overrides: o).thresholds
        #expect(t.startLevel == 3)
        #expect(t.minDepth == 12)
        #expect(t.minRepDuration == 0.5)
        #expect(t.confirmReps == 1)
        #expect(t.signal == .lift)
        // What is not overridden keeps the placement's value.
        #expect(t.lowPassHz == Thresholds.defaults(for: .thigh).lowPassHz)
        #expect(t.maxRepDuration == Thresholds.defaults(for: .thigh).maxRepDuration)
    }

    @Test func everyOverrideApplies() {
        var o = Thresholds.Overrides()
        o.signal = .bounce
        o.lowPassHz = 3
        o.startLevel = 1
        o.minDepth = 2
        o.returnFraction = 0.5
        o.minRepDuration = 0.7
        o.maxRepDuration = 9
        o.minRepInterval = 0.9
        o.confirmReps = 3
        o.consistency = 0.7
        o.setGap = 5
        o.maxTurn = 75
        let t = SquatProfile(placement: .waist, sensitivity: Sensitivity(9)!, overrides: o).thresholds
        #expect(t == Thresholds(signal: .bounce, lowPassHz: 3, startLevel: 1, minDepth: 2, returnFraction: 0.5,
                                minRepDuration: 0.7, maxRepDuration: 9, minRepInterval: 0.9, confirmReps: 3,
                                consistency: 0.7, setGap: 5, maxTurn: 75))
    }

    /// The signal each placement uses follows how it moves (see `shared/notes/squat-signals.md`).
    @Test func placementsUseTheSignalThatCarriesTheirSquat() {
        for p in [Placement.thigh, .calf, .upperArm] { #expect(Thresholds.defaults(for: p).signal == .tilt, "\(p)") }
        for p in [Placement.waist, .head, .chest, .hand] { #expect(Thresholds.defaults(for: p).signal == .lift, "\(p)") }
        #expect(Thresholds.defaults(for: .wrist).signal == .bounce)
    }

    @Test(arguments: Placement.allCases)
    func defaultsAreSane(placement: Placement) {
        let t = Thresholds.defaults(for: placement)
        #expect(t.lowPassHz > 0.5 && t.lowPassHz <= 5)
        #expect(t.startLevel > 0 && t.startLevel < t.minDepth)
        #expect(t.returnFraction > 0 && t.returnFraction < 1)
        #expect(t.minRepDuration > 0 && t.minRepDuration < t.maxRepDuration)
        #expect((1...SetConfirmation.maxConfirmReps).contains(t.confirmReps))
        #expect(t.consistency > 0 && t.consistency < 1)
    }

    @Test func detectorUsesTheProfileThresholds() {
        var o = Thresholds.Overrides()
        o.minDepth = 33
        let profile = SquatProfile(placement: .calf, sensitivity: Sensitivity(8)!, overrides: o)
        let detector = SquatDetector(profile: profile)
        #expect(detector.profile == profile)
        #expect(detector.thresholds == profile.thresholds)
        #expect(detector.thresholds.minDepth == 33)
    }
}
