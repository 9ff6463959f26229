/// Where the counts are kept, decided the same way by `squatd run` and `squatd status`.
public enum StateLocation {
    /// The directory for a system install without systemd's `StateDirectory=`.
    public static let systemDefault = "/var/lib/squatd"

    /// `option` (`--state-dir`) first, then `configured` (`[state] directory`), then systemd's
    /// `$STATE_DIRECTORY` (the first entry when several are listed), then ``systemDefault``.
    static func directory(option: String?, configured: String?, environment: [String: String]) -> String {
        if let option { return option }
        if let configured { return configured }
        if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first {
            return String(fromSystemd)
        }
        return systemDefault
    }
}
