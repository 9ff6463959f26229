import Foundation
import InMemoryLogging
import Logging

/// A logger whose entries a test can read back.
struct LogCapture {
    let handler = InMemoryLogHandler()
    var logger: Logger { Logger(label: "squatd.test") { _ in handler } }

    /// Messages logged at `level`.
    func messages(at level: Logger.Level) -> [String] {
        handler.entries.filter { $0.level == level }.map(\.message.description)
    }
}
