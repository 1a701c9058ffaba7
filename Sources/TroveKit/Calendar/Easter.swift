/// Easter Sunday, by the Gregorian computus.
public enum Easter {
    /// Western (Gregorian) Easter Sunday of `year`, by the Meeus/Jones/Butcher algorithm.
    ///
    /// Valid for every Gregorian year (1583 on); the algorithm is exact, with no table.
    public static func sunday(_ year: Int) -> CivilDate {
        let a = year % 19                        // place in the 19-year Metonic cycle
        let b = year / 100, c = year % 100
        let d = b / 4, e = b % 4
        let f = (b + 8) / 25
        let g = (b - f + 1) / 3                  // lunar correction
        let h = (19 * a + b - d - g + 15) % 30   // epact: days from the new moon to the paschal full moon
        let i = c / 4, k = c % 4
        let l = (32 + 2 * e + 2 * i - h - k) % 7 // days from the full moon to the next Sunday
        let m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31
        let day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate(year: year, month: month, day: day)!
    }
}
