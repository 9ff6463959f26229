import Testing
@testable import SquatSensors

@Suite struct MountMatrixTests {
    @Test func parsesRowsAndAppliesThem() throws {
        let m = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1\n")
        #expect(m.rows == [[0, 1, 0], [-1, 0, 0], [0, 0, 1]])
        let v = m.apply(x: 1, y: 2, z: 3)
        #expect(v.x == 2 && v.y == -1 && v.z == 3)
        #expect(m.description == "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(try MountMatrix(parsing: m.description) == m)
    }

    @Test func decimalsUseAPointWhateverTheLocale() throws {
        let m = try MountMatrix(parsing: "0.5,0,0;0,1,0;0,0,-1.25")
        #expect(m.rows[0][0] == 0.5 && m.rows[2][2] == -1.25)
        // A decimal comma is not a decimal: it splits the row into too many values.
        #expect(throws: SensorError.invalidMountMatrix(text: "0,5, 0, 0; 0, 1, 0; 0, 0, 1", reason: .columnCount(row: 1, count: 4))) {
            try MountMatrix(parsing: "0,5, 0, 0; 0, 1, 0; 0, 0, 1")
        }
    }

    @Test func identityIsTheDefault() throws {
        #expect(try MountMatrix(parsing: "1, 0, 0; 0, 1, 0; 0, 0, 1").isIdentity)
        #expect(MountMatrix.identity.apply(x: 1, y: 2, z: 3) == (1, 2, 3))
    }

    @Test func rejectsAZeroRowWithAClearMessage() {
        let text = "1, 0, 0; 0, 0, 0; 0, 0, 1"
        #expect(throws: SensorError.invalidMountMatrix(text: text, reason: .zeroRow(2))) { try MountMatrix(parsing: text) }
        #expect(SensorError.invalidMountMatrix(text: text, reason: .zeroRow(2)).description
            == "mount matrix '1, 0, 0; 0, 0, 0; 0, 0, 1' is invalid: row 2 is all zeros, which would erase an axis (format: x1, y1, z1; x2, y2, z2; x3, y3, z3)")
    }

    @Test func rejectsOtherMalformedText() {
        #expect(throws: SensorError.invalidMountMatrix(text: "1, 0, 0; 0, 1, 0", reason: .rowCount(2))) {
            try MountMatrix(parsing: "1, 0, 0; 0, 1, 0")
        }
        #expect(throws: SensorError.invalidMountMatrix(text: "1, 0, x; 0, 1, 0; 0, 0, 1", reason: .notANumber("x"))) {
            try MountMatrix(parsing: "1, 0, x; 0, 1, 0; 0, 0, 1")
        }
        #expect(throws: SensorError.invalidMountMatrix(text: "1, 0, inf; 0, 1, 0; 0, 0, 1", reason: .notANumber("inf"))) {
            try MountMatrix(parsing: "1, 0, inf; 0, 1, 0; 0, 0, 1")
        }
    }
}
