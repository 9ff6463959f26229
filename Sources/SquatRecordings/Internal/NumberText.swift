/// Numbers as text for people and JSON, without Foundation.
enum NumberText {
    /// `value` with exactly `decimals` digits after the point (`fixed(2.105, 2)` = `"2.11"`).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        return withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { buffer in
            let n = ByteFormatting.appendFixed(value, decimals: decimals, to: buffer.baseAddress!, at: 0)
            return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    /// The shortest text that reads back as `value`, as a JSON number (`0.1`, `1e-05`, `3`).
    static func shortest(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }
}
