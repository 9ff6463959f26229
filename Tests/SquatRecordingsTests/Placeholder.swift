import Testing
@testable import SquatRecordings
@Test func placeholder() { }
