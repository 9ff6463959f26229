import ArgumentParser
import SquatCore

/// `--sensitivity`, as every command that runs the detector takes it: validated here so that
/// each command reports a bad value in the same words (exit 64).
struct SensitivityOption: ParsableArguments {
    @Option(help: ArgumentHelp("1 (deep, clear squats only) … 10 (shallow ones too).", valueName: "1-10"))
    var sensitivity: String = String(Sensitivity.default.value)

    /// The value given; only read after ``validate()``.
    var value: Sensitivity { Int(sensitivity).flatMap(Sensitivity.init) ?? .default }

    func validate() throws {
        if Int(sensitivity).flatMap(Sensitivity.init) == nil {
            throw ValidationError("Sensitivity must be a whole number from \(Sensitivity.range.lowerBound) to \(Sensitivity.range.upperBound), not '\(sensitivity)'.")
        }
    }
}
