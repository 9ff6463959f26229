import SquatCore
import Testing
@testable import SquatSensors

@Suite struct EventSinkTests {
    func sample(_ t: Double) -> SensorEvent { .sample(Sample(t: t, x: 0, y: 0, z: 9.81)) }

    @Test func overflowBecomesOneGapAndTheEndIsNeverLost() async {
        let (events, continuation) = AsyncStream.makeStream(of: SensorEvent.self, bufferingPolicy: .bufferingOldest(2))
        let sink = EventSink(continuation)
        for t in 1...4 { sink.send(sample(Double(t))) }  // 3 and 4 do not fit
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
}
