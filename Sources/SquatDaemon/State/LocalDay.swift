#if canImport(Glibc)
import Glibc
#endif

/// A calendar day in the machine's time zone, such as `2026-11-21`: the unit counts are kept
/// and goals are met in.
///
/// A day is the person's day, not UTC's: squats done at 23:30 count for that evening even when
/// UTC has already moved on. ``today()`` reads wall-clock time through `localtime_r`, so it
/// follows the `TZ` environment variable and `/etc/localtime`, also when either changes while
/// the daemon runs (`timedatectl set-timezone` while travelling). Its text form (``description``,
/// ``init(_:)``, `Codable`) is ISO 8601 `YYYY-MM-DD`, which also sorts by date.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Year, 1…9999.
    public let year: Int
    /// Month, 1…12.
    public let month: Int
    /// Day of the month, 1…31.
    public let day: Int

    /// The day, or nil when no such date exists (month 13, 30 February, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.length(ofMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD` (four, two and two digits); nil for anything else or a date
    /// that does not exist.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day it is now on this machine's wall clock, in its local time zone.
    public static func today() -> LocalDay {
        let parts = localTimeNow()
        // localtime_r yields a valid date by construction.
        return LocalDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    }

    /// Seconds until the wall clock next reaches midnight, 1…86 400 (a day with a daylight
    /// saving change is an hour shorter or longer: callers that must not miss the new day wake
    /// up at least hourly).
    public static func secondsUntilTomorrow() -> Int {
        let parts = localTimeNow()
        let elapsed = Int(parts.tm_hour) * 3600 + Int(parts.tm_min) * 60 + Int(parts.tm_sec)
        return min(max(86_400 - elapsed, 1), 86_400)
    }

    /// The wall clock's time in the current local time zone. `tzset()` first: glibc's
    /// `localtime_r` loads the zone once per process and then keeps it, whatever later happens
    /// to `TZ` or `/etc/localtime`; `tzset()` checks both again (one `stat` of the file).
    private static func localTimeNow() -> tm {
        tzset()
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        return parts
    }

    /// The day before this one (nil before 0001-01-01).
    public var previous: LocalDay? {
        if day > 1 { return LocalDay(year: year, month: month, day: day - 1) }
        if month > 1 { return LocalDay(year: year, month: month - 1, day: Self.length(ofMonth: month - 1, year: year)) }
        return LocalDay(year: year - 1, month: 12, day: 31)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = LocalDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date of the form YYYY-MM-DD")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Days in `month` of `year` in the proleptic Gregorian calendar.
    private static func length(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
