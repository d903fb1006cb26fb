#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates and durations as text, without DateFormatter or String(format:): those pull in
/// Foundation's internationalization and ICU data, which tripled the binary and its start.
/// Only fixed, numeric layouts are needed, in UTC or the local time zone.
public enum TimeText {
    /// The parts of a date on the wall clock of a zone.
    public struct Parts: Equatable, Sendable {
        public var year, month, day, hour, minute, second: Int
    }

    /// `date` read in `zone`. The current zone's offset comes from the C library (TZ,
    /// /etc/localtime), since FoundationEssentials carries no zone database; any other zone
    /// (UTC under test) gives its own offset.
    public static func parts(_ date: Date, in zone: TimeZone = TimeZone(secondsFromGMT: 0)!) -> Parts {
        let seconds = date.timeIntervalSince1970
        // A damaged file may hold any date; beyond ±9999 years the clock is pinned at the edge.
        let clamped = Int(min(max(seconds.rounded(.down), -377_705_116_800), 253_402_300_799))
        return utcParts(clamped + offset(at: clamped, in: zone))
    }

    /// "2026-11-21 18:05"
    public static func dateAndMinute(_ date: Date, in zone: TimeZone) -> String {
        let p = parts(date, in: zone)
        return "\(digits(p.year, 4))-\(digits(p.month, 2))-\(digits(p.day, 2)) \(digits(p.hour, 2)):\(digits(p.minute, 2))"
    }

    /// "20261121-180512", in UTC: a stamp for file names.
    public static func fileStamp(_ date: Date) -> String {
        let p = parts(date)
        return "\(digits(p.year, 4))\(digits(p.month, 2))\(digits(p.day, 2))-"
            + "\(digits(p.hour, 2))\(digits(p.minute, 2))\(digits(p.second, 2))"
    }

    /// Seconds as "m:ss" ("0:42", "12:05", "75:00"); negative and non-finite count as 0,
    /// and the clock stops at 99 hours so that any number from a file converts safely.
    public static func minutesAndSeconds(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Int(min(max(0, seconds), 99 * 3600).rounded()) : 0
        return "\(whole / 60):\(digits(whole % 60, 2))"
    }

    /// `value` with leading zeros to at least `count` digits (a minus sign goes first).
    public static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, count - text.count)) + text
        return value < 0 ? "-" + padded : padded
    }

    static func offset(at seconds: Int, in zone: TimeZone) -> Int {
        guard zone == TimeZone.autoupdatingCurrent || zone == TimeZone.current else {
            return zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        }
        var time = time_t(seconds)
        var local = tm()
        guard localtime_r(&time, &local) != nil else { return 0 }
        return Int(local.tm_gmtoff)
    }

    /// Days since 1970 to a civil date (Howard Hinnant's days_from_civil, inverted).
    static func utcParts(_ seconds: Int) -> Parts {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let inDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Parts(year: year, month: month, day: day,
                     hour: inDay / 3600, minute: inDay % 3600 / 60, second: inDay % 60)
    }
}
