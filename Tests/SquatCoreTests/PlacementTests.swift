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

    @Test(arguments: Placement.allCases)
    func everyPlacementResolvesFromItsName(placement: Placement) {
        #expect(Placement(name: placement.rawValue) == placement)
        #expect(Placement(name: placement.rawValue.uppercased()) == placement)
        #expect(Placement(name: "  \(placement.rawValue)\t") == placement)
        #expect(Placement(name: placement.rawValue.replacingDashes(with: "_")) == placement)
        #expect(Placement(name: placement.rawValue.replacingDashes(with: " ")) == placement)
    }

    @Test func everyAliasResolvesToItsPlacement() {
        #expect(Placement.aliases.count >= 7)
        for (alias, placement) in Placement.aliases {
            #expect(Placement(name: alias) == placement, "\(alias)")
            #expect(Placement(name: alias.uppercased()) == placement, "\(alias)")
        }
    }

    @Test func upperArmSpellings() {
        for name in ["upper-arm", "upper_arm", "Upper Arm", "UPPERARM", "upperArm", "arm"] {
            #expect(Placement(name: name) == .upperArm, "\(name)")
        }
    }

    @Test func unknownNamesAreRejected() {
        for name in ["", " ", "-", "elbow", "thighs", "waist2", "left thigh"] {
            #expect(Placement(name: name) == nil, "\(name)")
        }
    }

    @Test func defaultPlacementIsThigh() {
        #expect(Placement.default == .thigh)
        #expect(SquatProfile().placement == .thigh)
    }
}

extension String {
    func replacingDashes(with replacement: Character) -> String {
        String(map { $0 == "-" ? replacement : $0 })
    }
}
