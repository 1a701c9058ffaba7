/// Why a calendar, event, task, quote or setting command was refused; nothing was written.
public enum CalendarError: Error, Equatable, CustomStringConvertible {
    case blankName
    case calendarNameTaken(String)
    case unknownCalendar(String, known: [String])
    case unknownEvent(String)
    case unknownTask(String)
    case ambiguousID(String, matches: Int)
    case blankTitle
    case endBeforeStart(start: String, end: String)
    case invalidColor(String)
    case emptyQuote
    case emptyFeedback
    case unknownSetting(String, known: [String])
    case invalidSettingValue(key: String, value: String, expected: String)
    case unknownNotification(String)

    public var description: String {
        switch self {
        case .blankName:
            return "the calendar's name is empty: give it a name"
        case .calendarNameTaken(let name):
            return "a calendar called '\(name)' already exists: choose another name"
        case .unknownCalendar(let name, let known):
            return "no calendar called '\(name)'" + (known.isEmpty ? ": there is none yet" : " (calendars: \(known.joined(separator: ", ")))")
        case .unknownEvent(let id):
            return "no event with id '\(id)'"
        case .unknownTask(let id):
            return "no task with id '\(id)'"
        case .ambiguousID(let prefix, let count):
            return "\(count) records have ids starting or ending with \(prefix): give more of the id"
        case .blankTitle:
            return "the title is empty: give it a title"
        case .endBeforeStart(let start, let end):
            return "the end (\(end)) is before the start (\(start)): an event must end after it starts"
        case .invalidColor(let text):
            return "'\(text)' is not a colour: use a name (red, green, blue, yellow, purple, orange, teal, grey) or #rrggbb"
        case .emptyQuote:
            return "the quote is empty: give its text"
        case .emptyFeedback:
            return "the feedback is empty: give its text"
        case .unknownSetting(let key, let known):
            return "'\(key)' is not a setting (settings: \(known.joined(separator: ", ")))"
        case .invalidSettingValue(let key, let value, let expected):
            return "'\(value)' is not a value for \(key): use \(expected)"
        case .unknownNotification(let id):
            return "no notification with id '\(id)'"
        }
    }
}

extension CalendarError: UserFacingError {}
