extension Holidays {
    /// England and Wales bank holidays, with substitute days, the proclaimed moves and one-off days since
    /// 1995, and common observances.
    static let greatBritain: [HolidayDefinition] = [
        HolidayDefinition("New Year's Day", .fixed(month: 1, day: 1), icon: "🎆", shift: .nextFreeWeekday),
        HolidayDefinition("Good Friday", .easter(offset: -2), icon: "🐣"),
        HolidayDefinition("Easter Monday", .easter(offset: 1), icon: "🐣"),
        // Moved for the 50th and 75th anniversaries of VE Day.
        HolidayDefinition("Early May bank holiday", .nthWeekday(1, .monday, month: 5), icon: "🌼", since: 1978,
                          moved: [1995: day(1995, 5, 8), 2020: day(2020, 5, 8)]),
        // Moved for the Golden, Diamond and Platinum Jubilees.
        HolidayDefinition("Spring bank holiday", .lastWeekday(.monday, month: 5), icon: "🌸", since: 1971,
                          moved: [2002: day(2002, 6, 4), 2012: day(2012, 6, 4), 2022: day(2022, 6, 2)]),
        HolidayDefinition("Summer bank holiday", .lastWeekday(.monday, month: 8), icon: "🌞", since: 1971),
        HolidayDefinition("Christmas Day", .fixed(month: 12, day: 25), icon: "🎄", shift: .nextFreeWeekday),
        HolidayDefinition("Boxing Day", .fixed(month: 12, day: 26), icon: "🎁", shift: .nextFreeWeekday),

        // Proclaimed one-off bank holidays: no rule gives them.
        HolidayDefinition("Millennium Day", .once(day(1999, 12, 31)), icon: "🎆"),
        HolidayDefinition("Golden Jubilee", .once(day(2002, 6, 3)), icon: "👑"),
        HolidayDefinition("Royal Wedding", .once(day(2011, 4, 29)), icon: "👑"),
        HolidayDefinition("Diamond Jubilee", .once(day(2012, 6, 5)), icon: "👑"),
        HolidayDefinition("Platinum Jubilee", .once(day(2022, 6, 3)), icon: "👑"),
        HolidayDefinition("State Funeral of Queen Elizabeth II", .once(day(2022, 9, 19)), icon: "👑"),
        HolidayDefinition("Coronation of King Charles III", .once(day(2023, 5, 8)), icon: "👑"),

        HolidayDefinition("Valentine's Day", .fixed(month: 2, day: 14), icon: "💘", kind: .observance),
        HolidayDefinition("Mothering Sunday", .easter(offset: -21), icon: "💐", kind: .observance),
        HolidayDefinition("Easter Sunday", .easter(offset: 0), icon: "🐣", kind: .observance),
        HolidayDefinition("Halloween", .fixed(month: 10, day: 31), icon: "🎃", kind: .observance),
        HolidayDefinition("Remembrance Sunday", .nthWeekday(2, .sunday, month: 11), icon: "🪖", kind: .observance),
        HolidayDefinition("Christmas Eve", .fixed(month: 12, day: 24), icon: "🎁", kind: .observance),
        HolidayDefinition("New Year's Eve", .fixed(month: 12, day: 31), icon: "🥂", kind: .observance),
    ]
}
