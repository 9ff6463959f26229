import ArgumentParser
import SquatCore

/// `--profile`, as the commands that read one recording take it: validated here so that each
/// names the valid profiles in the same words (exit 64).
struct ProfileOption: ParsableArguments {
    @Option(help: ArgumentHelp("Placement profile: \(Self.validProfiles).", valueName: "placement"))
    var profile: String?

    /// The placement given, nil without `--profile`; only read after ``validate()``.
    var placement: Placement? { profile.flatMap(Placement.init(name:)) }

    static var validProfiles: String {
        Placement.allCases.map(\.rawValue).joined(separator: ", ")
            + " (aliases: " + Placement.aliases.keys.sorted().joined(separator: ", ") + ")"
    }

    func validate() throws {
        if let profile, Placement(name: profile) == nil {
            throw ValidationError("Unknown profile '\(profile)'. Valid profiles: \(Self.validProfiles).")
        }
    }
}
