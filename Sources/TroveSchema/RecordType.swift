/// The record types Trove's bundled schemas define, by the name each schema gives in `x-type`.
///
/// Code that works with one particular type names it here rather than spelling the string:
/// `transaction.put(fields, type: RecordType.entry)`. The schema stays the one definition of the type;
/// `BundledFormatsTests` checks that these are exactly the bundled types.
public enum RecordType {
    public static let account = "account"
    public static let business = "business"
    public static let calendar = "calendar"
    public static let contact = "contact"
    public static let dayImage = "day-image"
    public static let dog = "dog"
    public static let entry = "entry"
    public static let event = "event"
    public static let eventInvitation = "event-invitation"
    public static let group = "group"
    public static let groupPost = "group-post"
    public static let invitation = "invitation"
    public static let item = "item"
    public static let journal = "journal"
    public static let member = "member"
    public static let notification = "notification"
    public static let profile = "profile"
    public static let quote = "quote"
    public static let settings = "settings"
    public static let task = "task"
    public static let tracker = "tracker"
    public static let trackerReport = "tracker-report"

    /// Every name above.
    public static let all: [String] = [account, business, calendar, contact, dayImage, dog, entry, event, eventInvitation, group, groupPost, invitation, item, journal, member, notification, profile, quote, settings, task, tracker, trackerReport]
}
