/// The one rule for reading a wall-clock time in a zone whose offset changes, shared by everything that turns
/// a local time into an instant (`event add`'s typed times, an imported DTSTART, each start a rule gives).
public enum WallClock {
    /// The instant, in seconds since 1970, at which a zone's wall clock reads `wall` (the wall-clock reading
    /// counted as if it were UTC), given `offset`, the zone's UTC offset in seconds at an instant.
    ///
    /// A time a spring-forward change skips moves forward by the gap (02:30 on that night in New York is
    /// 03:30 EDT); a time a fall-back change repeats is the earlier of the two (01:30 EDT). Both are what
    /// RFC 5545 §3.3.5 asks and what `date -d` does; libical's own conversion put a skipped 02:30 at 01:30.
    public static func instant(wall: Int, offset: (Int) -> Int) -> Int {
        // Offsets in force half a day either side: no zone changes its offset twice within a day.
        let before = offset(wall - 43_200)
        let after = offset(wall + 43_200)
        let matches = [before, after].map { wall - $0 }.filter { offset($0) == wall - $0 }
        // No match: the time is in a gap, and reading it with the offset before the gap moves it forward.
        return matches.min() ?? wall - before
    }
}
