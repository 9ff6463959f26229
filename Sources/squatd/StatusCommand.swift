import ArgumentParser
import Foundation
import Logging
import SquatDaemon

/// `squatd status`: today's counts per device and the progress toward the daily goal, read from
/// the state directory without disturbing a running daemon.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show today's squat count per device and the progress toward the daily goal.",
        discussion: """
            Reads the counts 'squatd run' keeps in the state directory; safe while it runs. Days \
            are local calendar days. Exit status: 65 the count journal is damaged or from a newer \
            squatd (the daemon sets it aside when it next starts), 66 no state directory.
            """
    )

    @OptionGroup var locations: ServiceLocations

    @Option(help: ArgumentHelp("Daily goal in squats (default: [goal] daily).", valueName: "n"))
    var goal: Int?

    @Flag(help: "Print a JSON object instead of text.")
    var json = false

    func validate() throws {
        if let goal, goal < 1 { throw ValidationError("--goal must be a whole number of at least 1, not '\(goal)'.") }
    }

    func run() throws {
        let options = try locations.daemonOptions()
        // Counts are worth showing even when the configuration is broken: say so and go on.
        var configuration = DaemonConfiguration()
        do { configuration = try options.loadConfiguration(logger: Logger(label: "squatd") { _ in SwiftLogNoOpLogHandler() }) } catch {
            printError("squatd: warning: \(error); showing the counts without it")
        }
        let directory = options.stateDirectory(configured: configuration.state.directory)
        let goal = goal ?? configuration.goal.daily
        let today = LocalDay.today()
        let report: Report
        do throws(StateError) {
            let summary = try CountStore.summary(directory: directory, day: today)
            var yesterday: DaySummary?
            if let previous = today.previous { yesterday = try CountStore.summary(directory: directory, day: previous) }
            report = Report(today: summary, goal: goal, yesterday: yesterday)
        } catch {
            printError("squatd: \(error)")
            throw ExitCode(error)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text, terminator: "")
        }
    }

    /// What `status` shows, as text or JSON.
    struct Report: Encodable {
        struct Yesterday: Encodable {
            var day: LocalDay
            var total: Int
        }

        var day: LocalDay
        var devices: [String: Int]
        var total: Int
        var goal: Int?
        /// Of the goal reached, rounded down; above 100 once the goal is passed.
        var percent: Int?
        var yesterday: Yesterday?

        init(today: DaySummary, goal: Int?, yesterday: DaySummary?) {
            day = today.day
            devices = today.counts
            total = today.total
            self.goal = goal
            percent = goal.map { today.total * 100 / $0 }
            self.yesterday = yesterday.map { Yesterday(day: $0.day, total: $0.total) }
        }

        /// `37 of 100 today (37 %)` (or `37 today` without a goal), then one line per device (most
        /// reps first), then yesterday's total when there is one.
        var text: String {
            var text = "\(total) today\n"
            if let goal, let percent {
                text = "\(total) of \(goal) today (\(percent) %)\(total >= goal ? ": goal reached" : "")\n"
            }
            let rows = devices.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            let nameWidth = rows.map(\.key.count).max() ?? 0
            let countWidth = rows.map { String($0.value).count }.max() ?? 0
            for (device, count) in rows {
                let name = device.isEmpty ? "(unnamed)" : device
                text += "  \(name)\(String(repeating: " ", count: max(0, nameWidth - name.count)))  "
                text += "\(String(repeating: " ", count: countWidth - String(count).count))\(count)\n"
            }
            if let yesterday, yesterday.total > 0 { text += "yesterday: \(yesterday.total)\n" }
            return text
        }
    }
}
