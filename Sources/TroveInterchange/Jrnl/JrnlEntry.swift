import Foundation
import TroveKit
import TroveStore
import TroveSystem

/// One jrnl entry, from a JSON export or a plain-text journal file.
public struct JrnlEntry: Sendable, Hashable {
    /// The first sentence (JSON: the `title` member).
    public var title: String
    /// Everything after the title; may be empty.
    public var body: String
    /// The instant of the entry: jrnl's local wall-clock time read in the time zone given.
    public var date: Date
    /// jrnl's own date and time, `2020-01-02 09:30`, as it was written (minutes only).
    public var localDateTime: String
    /// The tags without their `@` (or `#`) marker, like `work`, in order of first use.
    public var tags: [String]
    /// Whether the entry is starred.
    public var starred: Bool
    /// A stable key for re-importing the same entry without making a copy: 16 hex digits
    /// hashed from the local date, time and title, so the same entry gets the same key from
    /// a JSON export and from the journal file. A repeat of the same three gets `-2`, `-3`….
    public var sourceKey: String

    public init(title: String, body: String, date: Date, localDateTime: String, tags: [String],
                starred: Bool, sourceKey: String) {
        self.title = title
        self.body = body
        self.date = date
        self.localDateTime = localDateTime
        self.tags = tags
        self.starred = starred
        self.sourceKey = sourceKey
    }

    /// `date` in UTC with milliseconds, like `2020-01-02T08:30:00.000Z` (the same form as
    /// Day One entries' timestamps).
    public var timestamp: String { Timestamp.string(date, rounded: .toNearestOrAwayFromZero) }
}

/// A wall-clock date and time as jrnl writes it, with no time zone.
struct JrnlLocalDateTime: Hashable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int = 0

    /// `2020-01-02 09:30`: what `localDateTime` shows and what the source key hashes.
    var text: String {
        func pad(_ number: Int, _ width: Int) -> String { Timestamp.field(number, width: width) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2))"
    }

    /// The instant this wall-clock time names in `timeZone`.
    func date(in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// Reads `2020-01-02` and `09:30` (the JSON export's `date` and `time`).
    static func parse(date: String, time: String) -> JrnlLocalDateTime? {
        parse(date + " " + time)
    }

    /// Reads `YYYY-MM-DD HH:MM`, with optional `:SS` and an optional ` AM`/` PM`, the forms
    /// of jrnl's old default time format and of its newer `%F %r`.
    static func parse(_ text: String) -> JrnlLocalDateTime? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let dateParts = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        let timeParts = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard dateParts.count == 3, dateParts[0].count == 4, dateParts[1].count == 2, dateParts[2].count == 2,
              timeParts.count == 2 || timeParts.count == 3, timeParts.allSatisfy({ $0.count == 2 }),
              let year = Int(dateParts[0]), let month = Int(dateParts[1]), let day = Int(dateParts[2]),
              var hour = Int(timeParts[0]), let minute = Int(timeParts[1])
        else { return nil }
        let second = timeParts.count == 3 ? Int(timeParts[2]) : 0
        guard let second else { return nil }
        if parts.count == 3 {
            let meridiem = parts[2].uppercased()
            guard meridiem == "AM" || meridiem == "PM", (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
        }
        guard (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        return JrnlLocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}

/// Makes `JrnlEntry.sourceKey`: 64-bit FNV-1a of the local date, time and title, in hex.
///
/// FNV-1a because it is tiny and fixed forever; the key only has to tell a journal's
/// entries apart, not resist an attacker.
///
/// The second entry with the same date, time and title gets `-2`, so each entry needs to know how many came
/// before it with its hash. Counting every hash took 16 bytes an entry and a 48 MB peak at 1,000,000 (issue 25);
/// a file read twice (`JrnlExport`) counts only the hashes its first reading found may repeat (`survey()`).
struct JrnlSourceKeys {
    private enum Counting {
        /// Every hash is counted: a journal held in memory, read once.
        case every
        /// A first reading: notes which hashes may repeat, in fixed memory; its keys are not the final ones.
        case survey(HashFilter)
        /// A second reading: only the hashes its survey found may repeat are counted.
        case only(Set<UInt64>)
    }

    private var counting: Counting
    /// How many entries have had each counted hash so far: by the hash itself, 8 bytes, not its 16 hex digits.
    private var uses: [UInt64: Int] = [:]
    /// What a survey found: hashes it saw more than once, or took for seen (the filter's rare mistakes).
    private(set) var mayRepeat: Set<UInt64> = []
    /// Every hash so far, folded in order: a second reading whose digest differs from its survey's read another file.
    private(set) var digest: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Keys for a journal read once: every hash counted.
    init() { counting = .every }

    /// Keys for a first reading, which only finds the hashes that may repeat (`mayRepeat`, `digest`); 2 MB, at
    /// 1,000,000 entries about 4,400 hashes taken for repeated that are not.
    static func survey() -> JrnlSourceKeys { JrnlSourceKeys(.survey(HashFilter(bitsLog2: 24))) }

    /// Keys for a second reading of what a survey read, counting only the hashes it found may repeat.
    init(repeating mayRepeat: Set<UInt64>) { counting = .only(mayRepeat) }

    private init(_ counting: Counting) { self.counting = counting }

    /// The key for an entry; the second entry with the same date, time and title gets `-2`.
    mutating func key(localDateTime: String, title: String) -> String {
        let hash = Self.hash(localDateTime + "\u{1F}" + title)
        digest = (digest ^ hash) &* 0x0000_0100_0000_01B3
        var count = 1
        switch counting {
        case .every:
            count = uses[hash, default: 0] + 1
            uses[hash] = count
        case .survey(var seen):
            counting = .every  // lets go of the filter's storage while it changes: no copy of 2 MB an entry
            if seen.insert(hash) { mayRepeat.insert(hash) }
            counting = .survey(seen)
        case .only(let repeating):
            if repeating.contains(hash) {
                count = uses[hash, default: 0] + 1
                uses[hash] = count
            }
        }
        let digits = String(hash, radix: 16)
        let base = String(repeating: "0", count: 16 - digits.count) + digits
        return count == 1 ? base : "\(base)-\(count)"
    }

    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
