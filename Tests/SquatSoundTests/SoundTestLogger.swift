import InMemoryLogging
import Logging

extension Logger {
    /// The logger every sound test gives `RepSoundOutput`: its entries land in `handler`, where
    /// a test reads what was logged (a missing device logged once, a stalled one warned of).
    static func soundTest(_ handler: InMemoryLogHandler = InMemoryLogHandler()) -> Logger {
        Logger(label: "squatd.sound.test") { _ in handler }
    }
}
