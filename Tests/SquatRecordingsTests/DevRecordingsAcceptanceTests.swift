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

    @Test(.enabled(if: present, "no ../shared/recordings/dev/manifest.csv next to the package: real recordings absent"))
    func evaluationMeetsTheTargetsOfIssue2() throws {
        let e = try Evaluation.run(directory: Self.directory)
        let report = Comment(rawValue: "\n" + e.table)
        #expect(e.failures.isEmpty, report)
        #expect(e.overall.squatSets > 100, report)
        #expect((e.overall.exactRate ?? 0) >= 0.95, report)
        #expect((e.overall.withinOneRate ?? 0) >= 0.99, report)
        for group in e.groups where group.figures.squatSets > 0 {
            #expect((group.figures.exactRate ?? 0) >= 0.90, "\(group.source)/\(group.placement.rawValue)")
        }
        #expect(e.overall.idleRecordings > 0, report)
        #expect((e.overall.falseCountsPerMinute ?? .infinity) <= 0.1, report)
    }
}
