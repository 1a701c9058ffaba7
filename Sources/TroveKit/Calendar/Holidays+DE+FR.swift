extension Holidays {
    /// Germany's nationwide public holidays (states add more); no substitute days.
    static let germany: [HolidayDefinition] = [
        HolidayDefinition("New Year's Day", .fixed(month: 1, day: 1), icon: "🎆"),
        HolidayDefinition("Good Friday", .easter(offset: -2), icon: "🐣"),
        HolidayDefinition("Easter Monday", .easter(offset: 1), icon: "🐣"),
        HolidayDefinition("Labour Day", .fixed(month: 5, day: 1), icon: "🔨"),
        HolidayDefinition("Ascension Day", .easter(offset: 39), icon: "⛪"),
        HolidayDefinition("Whit Monday", .easter(offset: 50), icon: "⛪"),
        HolidayDefinition("German Unity Day", .fixed(month: 10, day: 3), icon: "🤝", since: 1990),
        // The 500th anniversary of the Reformation was a holiday in every state.
        HolidayDefinition("Reformation Day", .once(day(2017, 10, 31)), icon: "⛪"),
        HolidayDefinition("Christmas Day", .fixed(month: 12, day: 25), icon: "🎄"),
        HolidayDefinition("Second Day of Christmas", .fixed(month: 12, day: 26), icon: "🎁"),
        HolidayDefinition("Easter Sunday", .easter(offset: 0), icon: "🐣", kind: .observance),
        HolidayDefinition("Christmas Eve", .fixed(month: 12, day: 24), icon: "🎁", kind: .observance),
        HolidayDefinition("New Year's Eve", .fixed(month: 12, day: 31), icon: "🥂", kind: .observance),
    ]

    /// France's public holidays (jours fériés) in metropolitan France; no substitute days.
    static let france: [HolidayDefinition] = [
        HolidayDefinition("New Year's Day", .fixed(month: 1, day: 1), icon: "🎆"),
        HolidayDefinition("Easter Monday", .easter(offset: 1), icon: "🐣"),
        HolidayDefinition("Labour Day", .fixed(month: 5, day: 1), icon: "🔨"),
        HolidayDefinition("Victory in Europe Day", .fixed(month: 5, day: 8), icon: "🎉"),
        HolidayDefinition("Ascension Day", .easter(offset: 39), icon: "⛪"),
        HolidayDefinition("Whit Monday", .easter(offset: 50), icon: "⛪"),
        HolidayDefinition("Bastille Day", .fixed(month: 7, day: 14), icon: "🎆"),
        HolidayDefinition("Assumption of Mary", .fixed(month: 8, day: 15), icon: "⛪"),
        HolidayDefinition("All Saints' Day", .fixed(month: 11, day: 1), icon: "⛪"),
        HolidayDefinition("Armistice Day", .fixed(month: 11, day: 11), icon: "🪖"),
        HolidayDefinition("Christmas Day", .fixed(month: 12, day: 25), icon: "🎄"),
        HolidayDefinition("Easter Sunday", .easter(offset: 0), icon: "🐣", kind: .observance),
    ]
}
