import SquatCore
import Testing
@testable import SquatSensors

@Suite struct EventSinkTests {
    func sample(_ t: Double) -> SensorEvent { .sample(Sample(t: t, x: 0, y: 0, z: 9.81)) }

    @Test func overflowBecomesOneGapAndTheEndIsNeverLost() async {
        let (events, continuation) = AsyncStream.makeStream(of: SensorEvent.self, bufferingPolicy: .bufferingOldest(2))
        let sink = EventSink(continuation)
        for t in 1...4 { sink.send(sample(Double(t))) }
        sink.deliver()  // 3 and 4 do not fit
        var iterator = SensorStream.Iterator(base: events.makeAsyncIterator(), sink: sink)
        #expect(await iterator.next() == sample(1))
        #expect(await iterator.next() == sample(2))
        sink.send(sample(5))
        sink.send(sample(6))  // fills the buffer: the end does not fit
        sink.finish(.udevUnavailable(call: "test"))
        sink.finish(nil)  // only the first end counts
        var rest: [SensorEvent] = []
        while let event = await iterator.next() { rest.append(event) }
        #expect(rest == [.gap, sample(5), .ended(.udevUnavailable(call: "test"))])
        #expect(await iterator.next() == nil)
    }

    @Test func samplesAreHeldUntilTheOldestIsDueAndAGapOrTheEndBringsThemAtOnce() async {
        let (events, continuation) = AsyncStream.makeStream(of: SensorEvent.self)
        let sink = EventSink(continuation)
        #expect(sink.millisecondsUntilDue == -1, "nothing held: poll may sleep for good")
        sink.send(sample(1))
        sink.send(sample(2))
        let due = sink.millisecondsUntilDue
        #expect(due > 0 && Double(due) <= EventSink.holdTime * 1000, "\(due) ms")
        sink.deliverIfDue()
        #expect(sink.millisecondsUntilDue > 0, "not due yet: still held")
        try? await Task.sleep(for: .milliseconds(Int(EventSink.holdTime * 1000) + 10))
        #expect(sink.millisecondsUntilDue == 0)
        sink.deliverIfDue()
        #expect(sink.millisecondsUntilDue == -1)
        var iterator = SensorStream.Iterator(base: events.makeAsyncIterator(), sink: sink)
        #expect(await iterator.next() == sample(1))
        #expect(await iterator.next() == sample(2))

        sink.send(sample(3))
        sink.send(.gap)  // delivered at once, after what was held
        #expect(sink.millisecondsUntilDue == -1)
        #expect(await iterator.next() == sample(3))
        #expect(await iterator.next() == .gap)

        for t in 0..<EventSink.holdLimit { sink.send(sample(Double(10 + t))) }  // a burst: delivered when the limit is reached
        #expect(sink.millisecondsUntilDue == -1)
        for t in 0..<EventSink.holdLimit { #expect(await iterator.next() == sample(Double(10 + t))) }

        sink.send(sample(100))
        sink.finish(nil)
        #expect(await iterator.next() == sample(100))
        #expect(await iterator.next() == .ended(nil))
        #expect(await iterator.next() == nil)
    }
}
