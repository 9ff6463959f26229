/// A 3×3 rotation from the sensor's axes to the device's axes, as the kernel and systemd's
/// hwdb describe it: `x1, y1, z1; x2, y2, z2; x3, y3, z3`, rows separated by `;`.
///
/// Applied as `out = M · in`, so row 1 gives the new x. Parsing ignores the locale (a `,`
/// is always a separator, `.` always the decimal point).
public struct MountMatrix: Sendable, Equatable, CustomStringConvertible {
    /// Row-major: `rows[r][c]`; always 3×3.
    public private(set) var rows: [[Double]]

    public static let identity = MountMatrix(uncheckedRows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    private init(uncheckedRows: [[Double]]) { rows = uncheckedRows }

    /// Parses the kernel/hwdb text form. Throws ``SensorError/invalidMountMatrix(text:reason:)``
    /// for anything but nine finite numbers in three rows, or for a row of zeros (which would
    /// erase an axis: a typo, not a mounting).
    public init(parsing text: String) throws(SensorError) {
        let trimmed = text.trimmingSpaces()
        let rowTexts = trimmed.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else {
            throw .invalidMountMatrix(text: text, reason: .rowCount(rowTexts.count))
        }
        var rows: [[Double]] = []
        for (r, rowText) in rowTexts.enumerated() {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == 3 else {
                throw .invalidMountMatrix(text: text, reason: .columnCount(row: r + 1, count: cells.count))
            }
            var row: [Double] = []
            for cell in cells {
                let cellText = String(cell).trimmingSpaces()
                guard let value = Double(cellText), value.isFinite else {
                    throw .invalidMountMatrix(text: text, reason: .notANumber(cellText))
                }
                row.append(value)
            }
            if row.allSatisfy({ $0 == 0 }) {
                throw .invalidMountMatrix(text: text, reason: .zeroRow(r + 1))
            }
            rows.append(row)
        }
        self.rows = rows
    }

    /// `M · (x, y, z)`.
    @inlinable
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double) {
        (rows[0][0] * x + rows[0][1] * y + rows[0][2] * z,
         rows[1][0] * x + rows[1][1] * y + rows[1][2] * z,
         rows[2][0] * x + rows[2][1] * y + rows[2][2] * z)
    }

    public var isIdentity: Bool { self == .identity }

    /// The kernel/hwdb text form, which ``init(parsing:)`` reads back.
    public var description: String {
        rows.map { $0.map { formatCell($0) }.joined(separator: ", ") }.joined(separator: "; ")
    }

    private func formatCell(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
