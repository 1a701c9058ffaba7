/// The record schemas under `Formats/schemas/`, compiled into the binary.
///
/// SwiftPM embeds each file as bytes (`PackageResources`), so a `trove`
/// binary needs no resource folder beside it to validate records.
/// A new schema file needs a line here and a name in `Package.swift`'s
/// `formatSchemas`; `BundledFormatsTests` fails until both are there.
public enum BundledFormats {
    /// Every bundled schema file, by file name.
    public static let files: [String: [UInt8]] = [
        "account.schema.json": PackageResources.account_schema_json,
        "business.schema.json": PackageResources.business_schema_json,
        "calendar.schema.json": PackageResources.calendar_schema_json,
        "common.schema.json": PackageResources.common_schema_json,
        "contact.schema.json": PackageResources.contact_schema_json,
        "day-image.schema.json": PackageResources.day_image_schema_json,
        "dog.schema.json": PackageResources.dog_schema_json,
        "entry.schema.json": PackageResources.entry_schema_json,
        "event.schema.json": PackageResources.event_schema_json,
        "event-invitation.schema.json": PackageResources.event_invitation_schema_json,
        "group.schema.json": PackageResources.group_schema_json,
        "group-post.schema.json": PackageResources.group_post_schema_json,
        "invitation.schema.json": PackageResources.invitation_schema_json,
        "item.schema.json": PackageResources.item_schema_json,
        "journal.schema.json": PackageResources.journal_schema_json,
        "member.schema.json": PackageResources.member_schema_json,
        "notification.schema.json": PackageResources.notification_schema_json,
        "profile.schema.json": PackageResources.profile_schema_json,
        "quote.schema.json": PackageResources.quote_schema_json,
        "settings.schema.json": PackageResources.settings_schema_json,
        "task.schema.json": PackageResources.task_schema_json,
        "tracker.schema.json": PackageResources.tracker_schema_json,
        "tracker-report.schema.json": PackageResources.tracker_report_schema_json,
    ]
}
