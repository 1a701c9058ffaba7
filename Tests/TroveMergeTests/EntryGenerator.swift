import TroveTestSupport
import TroveJSON

/// Random journal entries and random concurrent edit scripts, from a seed.
///
/// Base text lines, photo ids and every value an edit writes are unique, so a test can tell
/// exactly which side a value came from.
struct EntryGenerator {
    var random: SeededGenerator
    private var serial = 0

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

    mutating func unique(_ prefix: String) -> String {
        serial += 1
        return "\(prefix)-\(serial)"
    }

    /// A random clock on 2026-11-22 for `peer`.
    mutating func clock(peer: String) -> String {
        let minute = Int.random(in: 10..<60, using: &random)
        let second = Int.random(in: 10..<60, using: &random)
        let counter = Int.random(in: 1000..<1010, using: &random)
        return "2026-11-22T10:\(minute):\(second).000Z/\(counter)/\(peer)"
    }

    mutating func baseRecord() -> JSONValue {
        var record: [String: JSONValue] = [
            "id": "0190e1a2-0000-7000-8000-000000000001", "type": "entry", "v": 1,
            "createdAt": "2026-11-01T00:00:00.000Z", "updatedAt": "2026-11-01T00:00:00.000Z",
            "clock": "2026-11-01T00:00:00.000Z/0000/peerBase",
        ]
        if chance(80) { record["title"] = .string(unique("title")) }
        if chance(60) { record["starred"] = .bool(chance(50)) }
        let lineCount = Int.random(in: 0...8, using: &random)
        record["text"] = .string((0..<lineCount).map { "base line \($0)\n" }.joined())
        record["tags"] = .array((0..<6).filter { _ in chance(40) }.map { .string("t\($0)") })
        let photoCount = Int.random(in: 0...3, using: &random)
        record["photos"] = .array((0..<photoCount).map { index in
            var photo: [String: JSONValue] = ["id": .string("p\(index)"), "media": .string("sha-\(index)")]
            if chance(50) { photo["caption"] = .string(unique("caption")) }
            return .object(photo)
        })
        if chance(70) {
            var location: [String: JSONValue] = ["lat": .double(Double(Int.random(in: -80...80, using: &random)) + 0.5), "lon": 2.25]
            if chance(50) { location["name"] = .string(unique("place")) }
            record["location"] = .object(location)
        }
        if chance(30) {
            record["conflicts"] = .array((0..<Int.random(in: 1...2, using: &random)).map { _ in
                MergeConflictJSON.note(field: "title", value: .string(unique("old")))
            })
        }
        return .object(record)
    }

    /// The kinds of edit both sides of a scenario draw from: usually a few, so that the two
    /// sides often touch the same fields, sometimes all of them.
    mutating func focus() -> [Int] {
        let all = Array(0..<10)
        return chance(25) ? all : Array(all.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
    }

    /// `record` after 1 to 5 random edits of the given kinds made by `peer`, stamped with a fresh clock.
    mutating func edit(_ record: JSONValue, peer: String, kinds: [Int]) -> JSONValue {
        var record = record
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            switch kinds[Int.random(in: kinds.indices, using: &random)] {
            case 0: record["title"] = chance(80) ? .string(unique("\(peer)-title")) : nil
            case 1: record["starred"] = chance(80) ? .bool(record["starred"] != true) : nil
            case 2: record["text"] = .string(editText(record["text"]?.stringValue ?? "", peer: peer))
            case 3: record["tags"] = .array(editTags(record["tags"]?.arrayValue ?? []))
            case 4, 8, 9: record["photos"] = .array(editPhotos(record["photos"]?.arrayValue ?? [], peer: peer))
            case 5: record["location"] = editLocation(record["location"], peer: peer)
            case 6:
                if var notes = record["conflicts"]?.arrayValue, !notes.isEmpty {
                    notes.remove(at: Int.random(in: notes.indices, using: &random))
                    record["conflicts"] = notes.isEmpty ? nil : .array(notes)
                }
            default: record["mood"] = chance(85) ? .string(unique("\(peer)-mood")) : nil
            }
        }
        let stamp = clock(peer: peer)
        record["clock"] = .string(stamp)
        record["updatedAt"] = .string(String(stamp.prefix(24)))
        return record
    }

    private mutating func editText(_ text: String, peer: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !lines.isEmpty:
            lines[Int.random(in: lines.indices, using: &random)] = unique("\(peer) changed")
        case 1 where !lines.isEmpty:
            lines.remove(at: Int.random(in: lines.indices, using: &random))
        default:
            lines.insert(unique("\(peer) added"), at: Int.random(in: 0...lines.count, using: &random))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private mutating func editTags(_ tags: [JSONValue]) -> [JSONValue] {
        var tags = tags
        if chance(50), !tags.isEmpty {
            tags.remove(at: Int.random(in: tags.indices, using: &random))
        } else {
            let tag = JSONValue.string("t\(Int.random(in: 0..<12, using: &random))")
            if !tags.contains(tag) { tags.insert(tag, at: Int.random(in: 0...tags.count, using: &random)) }
        }
        return tags
    }

    private mutating func editPhotos(_ photos: [JSONValue], peer: String) -> [JSONValue] {
        var photos = photos
        let action = Int.random(in: 0..<4, using: &random)
        if photos.isEmpty || action == 0 {
            let id = unique("\(peer)-photo")
            let photo: JSONValue = ["id": .string(id), "media": .string("sha-\(id)")]
            photos.insert(photo, at: Int.random(in: 0...photos.count, using: &random))
        } else if action == 1 {
            photos.remove(at: Int.random(in: photos.indices, using: &random))
        } else if action == 2 {
            let index = Int.random(in: photos.indices, using: &random)
            photos[index]["caption"] = chance(85) ? .string(unique("\(peer)-caption")) : nil
        } else {
            let moved = photos.remove(at: Int.random(in: photos.indices, using: &random))
            photos.insert(moved, at: Int.random(in: 0...photos.count, using: &random))
        }
        return photos
    }

    private mutating func editLocation(_ location: JSONValue?, peer: String) -> JSONValue? {
        guard var location, location.objectValue != nil else {
            return ["lat": .double(Double(serial) + 0.25), "lon": .double(-Double(serial) - 0.75)]
        }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: location["lat"] = .double(Double(serial) + 0.125); serial += 1
        case 1: location["name"] = .string(unique("\(peer)-place"))
        case 2: location["name"] = nil
        default: return chance(50) ? nil : ["lat": 0.5, "lon": .double(Double(serial) + 0.5)]
        }
        return location
    }
}

/// Builds stored conflict notes for fixtures.
enum MergeConflictJSON {
    static func note(field: String, value: JSONValue) -> JSONValue {
        ["field": .string(field), "value": value, "clock": "2026-10-01T00:00:00.000Z/0000/peerOld", "peer": "peerOld"]
    }
}
