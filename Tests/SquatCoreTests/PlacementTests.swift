import Testing
@testable import SquatCore

@Suite struct PlacementTests {
    @Test func aliasesResolve() {
        #expect(Placement(name: "pocket") == .thigh)
        #expect(Placement(name: "Upper Arm") == .upperArm)
        #expect(Placement(name: "earbuds") == .head)
        #expect(Placement(name: "hip") == .waist)
        #expect(Placement(name: "elbow") == nil)
    }
}
