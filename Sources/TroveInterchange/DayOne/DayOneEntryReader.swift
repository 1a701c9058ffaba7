import Foundation
import TroveJSON
import TroveStore

/// Checks one member of a journal's `entries` array and builds a `DayOneEntry` from it.
///
/// It checks only what an importer relies on and collects every issue it finds, so that a
/// user fixing an export sees all that is wrong with an entry at once. Unknown members are
/// ignored: Day One adds new ones in new versions.
struct DayOneEntryReader {
    /// One thing wrong with the entry: a JSON path inside it and what is wrong there.
    struct Issue: Equatable {
        var field: String
        var message: String
    }

    /// What reading gave: the entry when nothing was wrong, its uuid when readable, the issues.
    struct Outcome {
        var entry: DayOneEntry?
        var uuid: String?
        var issues: [Issue]
    }

    private var issues: [Issue] = []

    static func read(_ value: JSONValue) -> Outcome {
        var reader = DayOneEntryReader()
        guard let members = value.objectValue else {
            return Outcome(entry: nil, uuid: nil, issues: [Issue(field: "(entry)", message: mustBe("an object", value))])
        }
        let entry = reader.entry(from: members)
        let uuid = members["uuid"]?.stringValue
        return Outcome(entry: reader.issues.isEmpty ? entry : nil, uuid: uuid, issues: reader.issues)
    }

    private mutating func entry(from members: [String: JSONValue]) -> DayOneEntry? {
        let uuid = requiredString(members["uuid"], "uuid")
        let creationDate = date(members["creationDate"], "creationDate", required: true)
        let modifiedDate = date(members["modifiedDate"], "modifiedDate", required: false)
        let timeZone = optionalString(members["timeZone"], "timeZone")
        let text = optionalString(members["text"], "text") ?? ""
        let tags = stringArray(members["tags"], "tags")
        let starred = optionalBool(members["starred"], "starred") ?? false
        let isAllDay = optionalBool(members["isAllDay"], "isAllDay") ?? false
        let location = location(members["location"])
        let weather = optionalObject(members["weather"], "weather")
        let media = DayOneMedia.Kind.allCases.flatMap { mediaList(of: $0, members[$0.entryField]) }
        guard let uuid, let creationDate else { return nil }
        return DayOneEntry(
            uuid: uuid, creationDate: creationDate, modifiedDate: modifiedDate, timeZone: timeZone,
            text: DayOneText.unescape(text), tags: tags, starred: starred, isAllDay: isAllDay,
            location: location, weather: weather, media: media)
    }

    // MARK: Members with structure

    private mutating func location(_ value: JSONValue?) -> DayOneLocation? {
        guard let fields = optionalObject(value, "location")?.objectValue else { return nil }
        let latitude = coordinate(fields["latitude"], "location/latitude", limit: 90)
        let longitude = coordinate(fields["longitude"], "location/longitude", limit: 180)
        let placeName = optionalString(fields["placeName"], "location/placeName")
        let localityName = optionalString(fields["localityName"], "location/localityName")
        let administrativeArea = optionalString(fields["administrativeArea"], "location/administrativeArea")
        let country = optionalString(fields["country"], "location/country")
        guard let latitude, let longitude else { return nil }
        return DayOneLocation(
            latitude: latitude, longitude: longitude, placeName: placeName, localityName: localityName,
            administrativeArea: administrativeArea, country: country)
    }

    private mutating func coordinate(_ value: JSONValue?, _ field: String, limit: Double) -> Double? {
        guard let value, value != .null else { report(field, "is required"); return nil }
        guard let number = value.doubleValue else { report(field, Self.mustBe("a number", value)); return nil }
        guard abs(number) <= limit else {
            report(field, "must be between -\(Int(limit)) and \(Int(limit)), found \(number)")
            return nil
        }
        return number
    }

    /// The items of `photos`, `videos`, `audios` or `pdfAttachments`, ordered by `orderInEntry`.
    private mutating func mediaList(of kind: DayOneMedia.Kind, _ value: JSONValue?) -> [DayOneMedia] {
        guard let value, value != .null else { return [] }
        guard let items = value.arrayValue else { report(kind.entryField, Self.mustBe("an array", value)); return [] }
        var listed: [(media: DayOneMedia, position: Int)] = []
        for (position, item) in items.enumerated() {
            let path = "\(kind.entryField)/\(position)"
            guard let fields = item.objectValue else { report(path, Self.mustBe("an object", item)); continue }
            let identifier = requiredString(fields["identifier"], path + "/identifier")
            let md5 = self.md5(fields["md5"], path + "/md5")
            // Photos and videos say `type`; audio says only `format`, and "aac" audio is an .m4a file.
            var declared = fileExtension(fields["type"], path + "/type")
            if let format = fileExtension(fields["format"], path + "/format"), declared == nil {
                declared = format.lowercased() == "aac" ? "m4a" : format
            }
            let order = optionalInteger(fields["orderInEntry"], path + "/orderInEntry")
            guard let identifier, let md5 else { continue }
            listed.append((DayOneMedia(kind: kind, identifier: identifier, md5: md5,
                                       fileExtension: declared, orderInEntry: order), position))
        }
        // Items without an order go last; the sort key includes the position, so ties keep the listed order.
        return listed.sorted { ($0.media.orderInEntry ?? .max, $0.position) < ($1.media.orderInEntry ?? .max, $1.position) }
            .map(\.media)
    }

    /// A media file's MD5: it names the file, so only 32 hex digits are accepted (no `../`).
    private mutating func md5(_ value: JSONValue?, _ field: String) -> String? {
        guard let text = requiredString(value, field) else { return nil }
        guard text.utf8.count == 32, text.utf8.allSatisfy(\.isHexDigit) else {
            report(field, "must be 32 hexadecimal digits, found \"\(text)\"")
            return nil
        }
        return text.lowercased()
    }

    /// A declared file extension: it becomes part of a file name, so only 1–16 letters and digits.
    private mutating func fileExtension(_ value: JSONValue?, _ field: String) -> String? {
        guard let text = optionalString(value, field) else { return nil }
        guard (1...16).contains(text.utf8.count), text.utf8.allSatisfy(\.isASCIIAlphanumeric) else {
            report(field, "must be a file extension like jpeg, found \"\(text)\"")
            return nil
        }
        return text
    }

    // MARK: Plain members

    private mutating func date(_ value: JSONValue?, _ field: String, required: Bool) -> Date? {
        let text = required ? requiredString(value, field) : optionalString(value, field)
        guard let text else { return nil }
        guard let date = Timestamp.date(iso: text, withoutZone: .utc) else {
            report(field, "must be an ISO-8601 date and time like 2024-04-16T23:00:00Z, found \"\(text)\"")
            return nil
        }
        return date
    }

    private mutating func requiredString(_ value: JSONValue?, _ field: String) -> String? {
        guard let value, value != .null else { report(field, "is required"); return nil }
        return optionalString(value, field)
    }

    private mutating func optionalString(_ value: JSONValue?, _ field: String) -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue else { report(field, Self.mustBe("a string", value)); return nil }
        return text
    }

    private mutating func optionalBool(_ value: JSONValue?, _ field: String) -> Bool? {
        guard let value, value != .null else { return nil }
        guard let flag = value.boolValue else { report(field, Self.mustBe("true or false", value)); return nil }
        return flag
    }

    private mutating func optionalInteger(_ value: JSONValue?, _ field: String) -> Int? {
        guard let value, value != .null else { return nil }
        guard let number = value.intValue else { report(field, Self.mustBe("an integer", value)); return nil }
        return number
    }

    private mutating func optionalObject(_ value: JSONValue?, _ field: String) -> JSONValue? {
        guard let value, value != .null else { return nil }
        guard value.objectValue != nil else { report(field, Self.mustBe("an object", value)); return nil }
        return value
    }

    private mutating func stringArray(_ value: JSONValue?, _ field: String) -> [String] {
        guard let value, value != .null else { return [] }
        guard let items = value.arrayValue else { report(field, Self.mustBe("an array of strings", value)); return [] }
        var strings: [String] = []
        for (position, item) in items.enumerated() {
            if let text = optionalString(item, "\(field)/\(position)") { strings.append(text) }
            else if item == .null { report("\(field)/\(position)", Self.mustBe("a string", item)) }
        }
        return strings
    }

    private mutating func report(_ field: String, _ message: String) {
        issues.append(Issue(field: field, message: message))
    }

    /// Like `must be a string, found object`.
    static func mustBe(_ expected: String, _ value: JSONValue) -> String {
        "must be \(expected), found \(value.typeName)"
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }

    fileprivate var isASCIIAlphanumeric: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
    }
}
