import ArgumentParser
import Glibc
import Logging
import SquatCore
import SquatRecordings
import SquatSound

/// `squatd replay`: counts the squats in recorded files.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Count the squats in recording files.",
        discussion: """
            Prints one line per counted rep (the time it ended and how long it took), then the \
            total. The profile is --profile, else the file's '# placement:' line, else \
            \(Placement.default.rawValue). Files are recording v1, phyphox or MetaWear CSV; '-' \
            reads standard input. With several files, all are processed and the exit status \
            is the worst of them.
            """
    )

    @OptionGroup var profile: ProfileOption

    @OptionGroup var sensitivity: SensitivityOption

    @Flag(help: "Print one JSON object per file (JSON Lines) instead of text.")
    var json = false

    @Flag(help: "Replay at the speed the recording was made, printing reps as they happen.")
    var realtime = false

    @Flag(help: "With --realtime, play a sound for each counted rep.")
    var sound = false

    @Option(help: ArgumentHelp("ALSA PCM for --sound (e.g. plughw:1, dmix).", valueName: "name"))
    var pcm: String?

    @Argument(help: ArgumentHelp("Recording files ('-' for standard input).", valueName: "file"))
    var files: [String]

    func validate() throws {
        if sound && !realtime {
            throw ValidationError("--sound needs --realtime.")
        }
        if pcm != nil && !sound {
            throw ValidationError("--pcm needs --sound.")
        }
        if files.isEmpty {
            throw ValidationError("Give at least one recording file.")
        }
    }

    func run() throws {
        let replay = Replay(placement: profile.placement,
                            sensitivity: sensitivity.value,
                            realTime: realtime)
        // Logs go to stderr so they never mix into --json output on stdout.
        let soundOutput = sound
            ? RepSoundOutput(configuration: .init(pcm: pcm ?? "default"),
                             logger: Logger(label: "squatd.sound", factory: { label in StreamLogHandler.standardError(label: label) }))
            : nil
        defer { soundOutput?.shutdown() }
        var status = ExitCode.success
        for (file, path) in zip(files, try CommandLinePaths.paths(files)) {
            var countedSoFar = 0
            do {
                let result = try replay.run(path) { rep in
                    // In real time, reps are shown as they are counted; otherwise only once the
                    // whole file has proved readable, so a bad file prints no partial answer.
                    countedSoFar += 1
                    soundOutput?.repCounted(total: countedSoFar)
                    guard realtime && !json else { return }
                    print(ReplayResult.repLine(rep, number: countedSoFar))
                    fflush(nil)
                }
                if let caveat = result.format.caveat { printError("\(file): warning: \(caveat)") }
                if result.repeatedTimesSkipped > 0 {
                    printError("\(file): warning: \(result.repeatedTimesSkipped) row(s) repeating the time before them skipped "
                               + "(MetaWear streams stamp the samples of one packet alike)")
                }
                if json {
                    print(result.jsonLine)
                } else {
                    if !realtime {
                        for (i, rep) in result.reps.enumerated() { print(ReplayResult.repLine(rep, number: i + 1)) }
                    }
                    print(result.totalLine)
                }
                fflush(nil)
            } catch {
                fflush(nil)
                printError(error.description)
                status = status.worse(ExitCode(error))
            }
        }
        if status != .success { throw status }
    }
}
