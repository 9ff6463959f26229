#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one knob a user turns: 1 (counts only deep, clear squats) … 10 (counts shallow ones too).
///
/// 5 is the tuned default. Each step away from 5 scales the profile's amplitude thresholds by a
/// fixed ratio, so the knob behaves the same on every placement.
public struct Sensitivity: Sendable, Equatable, Hashable, Comparable {
    public static let range: ClosedRange<Int> = 1...10
    public static let `default` = Sensitivity(uncheckedValue: 5)

    /// Amplitude thresholds are multiplied by this for every step below 5, divided for every step above.
    public static let stepRatio = 1.25

    public let value: Int

    /// Returns nil when `value` is outside ``range``.
    public init?(_ value: Int) {
        guard Sensitivity.range.contains(value) else { return nil }
        self.value = value
    }

    init(uncheckedValue: Int) { self.value = uncheckedValue }

    /// Factor applied to amplitude thresholds: 1 at 5, larger (stricter) below, smaller above.
    public var thresholdScale: Double {
        pow(Sensitivity.stepRatio, Double(Sensitivity.default.value - value))
    }

    public static func < (a: Sensitivity, b: Sensitivity) -> Bool { a.value < b.value }
}
