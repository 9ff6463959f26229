import Foundation
import SquatSound

/// Our own instrumentation of the pool, through its observer hook: records every event, tracks how
/// many PCMs are open at once, and can hold players after their first write until released.
final class PlaybackRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [PlaybackEvent] = []
    private var threadNames: [String] = []
    private var open = 0
    private var mostOpen = 0
    private var holding = false

    /// Hold every player inside `firstFramesAccepted` until `release()`.
    init(holdPlayers: Bool = false) {
        holding = holdPlayers
    }

    var observer: @Sendable (PlaybackEvent) -> Void {
        { [self] event in record(event) }
    }

    private func record(_ event: PlaybackEvent) {
        condition.lock()
        defer { condition.unlock() }
        events.append(event)
        switch event.kind {
        case .opened:
            open += 1
            mostOpen = max(mostOpen, open)
            threadNames.append(Self.currentThreadName())
        case .finished, .cut, .failed:
            open -= 1
        default:
            break
        }
        condition.broadcast()
        if event.kind == .firstFramesAccepted {
            while holding { condition.wait() }
        }
    }

    /// The kernel's name for the calling thread (what `top -H` shows).
    private static func currentThreadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .newlines)
    }

    func release() {
        condition.lock()
        holding = false
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until `count` events of a kind were seen; false on timeout.
    func wait(for count: Int, _ kind: PlaybackEvent.Kind, timeout: TimeInterval = 10) -> Bool {
        wait(timeout: timeout) { events in events.filter { $0.kind == kind }.count >= count }
    }

    /// Waits until `count` playbacks have ended, whichever way; false on timeout.
    func waitForEndings(_ count: Int, timeout: TimeInterval = 10) -> Bool {
        wait(timeout: timeout) { events in events.filter(\.kind.isTerminal).count >= count }
    }

    private func wait(timeout: TimeInterval, until done: ([PlaybackEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !done(events) {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }

    func count(_ kind: PlaybackEvent.Kind) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return events.filter { $0.kind == kind }.count
    }

    func count(where predicate: (PlaybackEvent.Kind) -> Bool) -> Int {
        condition.lock()
        defer { condition.unlock() }
        return events.filter { predicate($0.kind) }.count
    }

    /// The kinds reported for one playback, in order.
    func kinds(of playback: Int) -> [PlaybackEvent.Kind] {
        condition.lock()
        defer { condition.unlock() }
        return events.filter { $0.playback == playback }.map(\.kind)
    }

    var mostOpenAtOnce: Int {
        condition.lock()
        defer { condition.unlock() }
        return mostOpen
    }

    var playerThreadNames: [String] {
        condition.lock()
        defer { condition.unlock() }
        return threadNames
    }
}

extension PlaybackEvent.Kind {
    /// Whether this kind ends a playback (each playback has exactly one).
    var isTerminal: Bool {
        switch self {
        case .skipped, .superseded, .dropped, .openFailed, .finished, .cut, .failed: true
        case .requested, .opened, .firstFramesAccepted: false
        }
    }
}
