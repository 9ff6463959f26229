import Foundation
import SquatDaemon
import Testing

@Suite struct LocalDayTests {
    @Test func parsesAndPrintsIsoDates() throws {
        let day = try #require(LocalDay("2026-11-21"))
        #expect((day.year, day.month, day.day) == (2026, 11, 21))
        #expect(day.description == "2026-11-21")
        #expect(LocalDay(year: 7, month: 3, day: 9)?.description == "0007-03-09")
    }

    @Test(arguments: ["", "2026-11-2", "2026/11/21", "2026-13-01", "2026-02-29", "2026-04-31", "0000-01-01",
                      "2026-11-21 ", "+026-11-21", "2026-1a-21", "２０２６-11-21"])
    func rejectsAnythingElse(_ text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func leapYearsFollowTheGregorianRules() {
        #expect(LocalDay("2024-02-29") != nil)
        #expect(LocalDay("2000-02-29") != nil)
        #expect(LocalDay("1900-02-29") == nil)
    }

    @Test func previousDayCrossesMonthsYearsAndLeapDays() {
        #expect(LocalDay("2026-11-21")!.previous == LocalDay("2026-11-20"))
        #expect(LocalDay("2026-03-01")!.previous == LocalDay("2026-02-28"))
        #expect(LocalDay("2024-03-01")!.previous == LocalDay("2024-02-29"))
        #expect(LocalDay("2026-01-01")!.previous == LocalDay("2025-12-31"))
        #expect(LocalDay("2026-05-01")!.previous == LocalDay("2026-04-30"))
        #expect(LocalDay("0001-01-01")!.previous == nil)
    }

    @Test func ordersByDate() {
        let days = ["2026-11-21", "2025-12-31", "2026-02-01", "2026-01-31"].compactMap(LocalDay.init)
        #expect(days.sorted().map(\.description) == ["2025-12-31", "2026-01-31", "2026-02-01", "2026-11-21"])
    }

    @Test func codesAsItsText() throws {
        let data = try JSONEncoder().encode(["day": LocalDay("2026-11-21")!])
        #expect(String(decoding: data, as: UTF8.self) == #"{"day":"2026-11-21"}"#)
        #expect(try JSONDecoder().decode([String: LocalDay].self, from: data)["day"] == LocalDay("2026-11-21"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDay].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }

    @Test func todayIsTheLocalCalendarDate() {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        let today = LocalDay.today()
        // Allow for midnight passing between the two readings.
        let expected = LocalDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
        #expect(today == expected || today.previous == expected)
    }

    @Test func secondsUntilTomorrowEndAtTheNextMidnight() {
        // Read after: a second that ticks in between puts `then` at 00:00:01, never 23:59:59.
        let seconds = LocalDay.secondsUntilTomorrow()
        let now = time(nil)
        var then = now + seconds
        var parts = tm()
        localtime_r(&then, &parts)
        var nowParts = tm()
        var start = now
        localtime_r(&start, &nowParts)
        // On the night the clocks change the next midnight is an hour away from where a plain
        // day would put it.
        if parts.tm_isdst == nowParts.tm_isdst {
            #expect(parts.tm_hour == 0 && parts.tm_min == 0 && parts.tm_sec <= 1, "\(seconds) s from now is \(parts.tm_hour):\(parts.tm_min):\(parts.tm_sec)")
        }
        #expect((1...86_400).contains(seconds))
    }

    /// A time-zone change while squatd runs moves "today" and the next midnight with it. Run in
    /// a child process (an exit test), since it changes `TZ`; TZ stands in for /etc/localtime,
    /// which glibc checks at the same moment (tzset).
    @Test func followsATimeZoneChangeWhileRunning() async {
        await #expect(processExitsWith: .success) {
            setenv("TZ", "<+14>-14", 1)
            let east = (LocalDay.today(), LocalDay.secondsUntilTomorrow())
            setenv("TZ", "<-12>+12", 1)
            let west = (LocalDay.today(), LocalDay.secondsUntilTomorrow())
            // 26 hours apart: the west is always one or two days behind, and its midnight
            // 2 hours (mod a day) later, give or take a second ticking in between.
            let shift = ((west.1 - east.1) % 86_400 + 86_400) % 86_400
            guard west.0 < east.0, abs(shift - 7_200) <= 1 else {
                print("east \(east), west \(west)")
                exit(1)
            }
        }
    }
}
