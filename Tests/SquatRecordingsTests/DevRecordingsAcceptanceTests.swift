import Foundation
import Testing
@testable import SquatRecordings

/// The acceptance test of issue 2: the detector on real recordings by other people.
///
/// The recordings are not in the repository (no licence); they are read from
/// `../shared/recordings/dev` next to the package root, and the test is skipped when that is
/// absent.
@Suite struct DevRecordingsAcceptanceTests {
    static let directory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/recordings/dev").standardized.path

    static var present: Bool { FileManager.default.fileExists(atPath: directory + "/manifest.csv") }

    static let enabled = Testing.ConditionTrait.enabled(
        if: present, "no ../shared/recordings/dev/manifest.csv next to the package: real recordings absent")

    /// Sets counted exactly and within ±1 now, per source/placement group: a change that
    /// makes any group worse fails here. Raise these as the detector improves, never lower them
    /// to make a change pass.
    static let floors: [String: (exact: Int, withinOne: Int)] = [
        "ebbelaar/wrist": (3, 5),
        "exermote/upper-arm": (39, 40),
        "squat-imu/calf": (32, 33),
        "squat-imu/thigh": (33, 33),
        "squat-imu/waist": (33, 33),
    ]

    @Test(enabled)
    func evaluationDoesNotRegress() throws {
        let e = try Evaluation.run(directory: Self.directory)
        let report = Comment(rawValue: "\n" + e.table)
        #expect(e.failures.isEmpty, report)
        #expect(e.overall.squatSets > 100, report)
        #expect(Set(e.groups.filter { $0.figures.squatSets > 0 }.map { "\($0.source)/\($0.placement.rawValue)" })
                == Set(Self.floors.keys), report)
        for group in e.groups where group.figures.squatSets > 0 {
            let name = "\(group.source)/\(group.placement.rawValue)"
            guard let floor = Self.floors[name] else { continue }
            #expect(group.figures.exact >= floor.exact, Comment(rawValue: "\(name): exact\n" + e.table))
            #expect(group.figures.withinOne >= floor.withinOne, Comment(rawValue: "\(name): within ±1\n" + e.table))
        }
        #expect(e.overall.idleRecordings > 0, report)
        #expect((e.overall.falseCountsPerMinute ?? .infinity) <= 0.1, report)
    }

    /// The targets of issue 2, not all met yet: the wrist group (50 % exact) falls short, while
    /// the overall exact (96.6 %) and within-one (99.3 %) rates are met since November 2026.
    /// The wrist's truth is its study's protocol (sets of 5 or 10), and three of its six files
    /// hold fewer complete reps than that (README, "Accuracy on real recordings").
    /// `withKnownIssue` keeps the suite green while saying so on every run, and fails once the
    /// targets are met, so the marker goes.
    @Test(enabled)
    func evaluationMeetsTheTargetsOfIssue2() throws {
        let e = try Evaluation.run(directory: Self.directory)
        let report = Comment(rawValue: "\n" + e.table)
        withKnownIssue("issue 2 accuracy target not met yet: the wrist group") {
            #expect((e.overall.exactRate ?? 0) >= 0.95, report)
            #expect((e.overall.withinOneRate ?? 0) >= 0.99, report)
            for group in e.groups where group.figures.squatSets > 0 {
                #expect((group.figures.exactRate ?? 0) >= 0.90, "\(group.source)/\(group.placement.rawValue)")
            }
        }
    }
}
