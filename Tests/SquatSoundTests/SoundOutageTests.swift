@testable import SquatSound
import Testing

@Suite("When sound is off and when the PCM is tried again")
struct SoundOutageTests {
    @Test("only the first failure asks for a log line; waits double up to a minute; success resets")
    func backoff() {
        let start = ContinuousClock.now
        var outage = SoundOutage(firstRetryDelay: .seconds(1))
        var allowed = outage.claimAttempt(at: start)
        #expect(allowed)
        var shouldLog = outage.recordFailure(at: start)
        #expect(shouldLog)
        allowed = outage.claimAttempt(at: start + .milliseconds(999))
        #expect(!allowed)
        allowed = outage.claimAttempt(at: start + .seconds(1))
        #expect(allowed)
        // The retry claimed the slot: a second rep at the same moment does not also try.
        allowed = outage.claimAttempt(at: start + .seconds(1))
        #expect(!allowed)
        shouldLog = outage.recordFailure(at: start + .seconds(1))
        #expect(!shouldLog)
        #expect(outage.retryAt == start + .seconds(3))

        var now = start + .seconds(3)
        var waits: [Duration] = []
        for _ in 0..<6 {
            allowed = outage.claimAttempt(at: now)
            shouldLog = outage.recordFailure(at: now)
            #expect(allowed && !shouldLog)
            waits.append(outage.retryAt! - now)
            now = outage.retryAt!
        }
        #expect(waits == [.seconds(4), .seconds(8), .seconds(16), .seconds(32), .seconds(60), .seconds(60)])

        allowed = outage.claimAttempt(at: now)
        var resumed = outage.recordSuccess()
        #expect(allowed && resumed)
        #expect(outage.retryAt == nil)
        resumed = outage.recordSuccess()
        #expect(!resumed)
        shouldLog = outage.recordFailure(at: now)
        #expect(shouldLog)
        #expect(outage.retryAt == now + .seconds(1))
    }
}
