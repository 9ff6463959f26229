/// Everything the detector needs to know about one device: where it is worn, how sensitive
/// the user wants it, and (for experts) any threshold set by hand.
///
/// Build one with ``init(placement:sensitivity:overrides:)``; read the thresholds actually in
/// force from ``thresholds``.
public struct SquatProfile: Sendable, Equatable {
    public var placement: Placement
    public var sensitivity: Sensitivity
    /// Thresholds set by hand; they win over the placement's and are not scaled by sensitivity.
    public var overrides: Thresholds.Overrides

    public init(placement: Placement = .default,
                sensitivity: Sensitivity = .default,
                overrides: Thresholds.Overrides = .init()) {
        self.placement = placement
        self.sensitivity = sensitivity
        self.overrides = overrides
    }

    /// The thresholds in force: the placement's defaults, amplitude thresholds scaled by the
    /// sensitivity, then the overrides.
    public var thresholds: Thresholds {
        var t = Thresholds.defaults(for: placement)
        t.scaleAmplitudes(by: sensitivity.thresholdScale)
        t.apply(overrides)
        return t
    }
}
