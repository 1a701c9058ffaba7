import Foundation
import TroveJSON

/// Reads `jrnl --export json` output: `{"tags": {"@tag": 2}, "entries": [{"title", "body",
/// "date": "2020-01-02", "time": "09:30", "tags": ["@tag"], "starred"}]}`.
///
/// The top-level `tags` counts are ignored: they follow from the entries.
enum JrnlJSONReader {
    /// Reads a whole export held in memory.
    static func read(_ bytes: [UInt8], file: String, timeZone: TimeZone) throws(JrnlError) -> JrnlJournal {
        var stream = JSONObjectStream(bytes: bytes)
        var journal = JrnlJournal(file: file, format: .json, entries: [])
        var keys = JrnlSourceKeys()
        do {
            try read(&stream, file: file, timeZone: timeZone, keys: &keys, entry: { journal.entries.append($0) }, problem: { journal.problems.append($0) })
        } catch let error as JrnlError {
            throw error
        } catch {
            throw .unreadableFile(path: file, reason: "\(error)")
        }
        return journal
    }

    /// Reads an export one entry at a time: each valid entry goes to `entry`, each problem of an invalid one to
    /// `problem`, in the file's order, in memory that does not grow with the file.
    ///
    /// Throws `JrnlError` when the file is not a jrnl export (after handing over the entries before the fault), and
    /// whatever the closures throw. The top-level `tags` counts are ignored: they follow from the entries.
    /// `keys` makes the entries' source keys (a survey's, on a first reading, are not the final ones).
    static func read(_ stream: inout JSONObjectStream, file: String, timeZone: TimeZone, keys: inout JrnlSourceKeys,
                     entry: (JrnlEntry) throws -> Void, problem: (JrnlProblem) -> Void) throws {
        var offset = 0
        do {
            try stream.read(streaming: "entries", element: { item in
                offset += 1
                var reader = EntryReader()
                let read = reader.entry(from: item, timeZone: timeZone, keys: &keys)
                for issue in reader.issues {
                    problem(JrnlProblem(file: file, entryIndex: offset, title: item["title"]?.stringValue,
                                        field: issue.field, message: issue.message))
                }
                if let read, reader.issues.isEmpty { try entry(read) }
            }, member: { name, value in
                guard name == "entries" else { return }
                throw JrnlError.notAJrnlExport(file: file, reason: "\"entries\" must be an array, found \(value.typeName)")
            })
        } catch let error as JSONParseError {
            throw JrnlError.invalidJSON(file: file, line: error.line, column: error.column, reason: error.reason)
        } catch JSONStreamError.notAnObject(let found) {
            throw JrnlError.notAJrnlExport(file: file, reason: "the top level must be an object, found \(found)")
        } catch JSONStreamError.unreadable(let reason) {
            throw JrnlError.unreadableFile(path: file, reason: reason)
        }
        if !stream.sawArrayMember { throw JrnlError.notAJrnlExport(file: file, reason: "it has no \"entries\" array") }
    }

    /// Checks one member of `entries`, collecting every issue.
    private struct EntryReader {
        var issues: [(field: String, message: String)] = []

        mutating func entry(from value: JSONValue, timeZone: TimeZone, keys: inout JrnlSourceKeys) -> JrnlEntry? {
            guard let fields = value.objectValue else {
                report("(entry)", "must be an object, found \(value.typeName)")
                return nil
            }
            let title = string(fields["title"], "title", required: true)
            let body = string(fields["body"], "body", required: false) ?? ""
            let dateText = string(fields["date"], "date", required: true)
            let timeText = string(fields["time"], "time", required: true)
            let tags = tagList(fields["tags"])
            var starred = false
            if let flag = fields["starred"], flag != .null {
                if let value = flag.boolValue {
                    starred = value
                } else {
                    report("starred", "must be true or false, found \(flag.typeName)")
                }
            }
            guard let title, let dateText, let timeText else { return nil }
            guard let local = JrnlLocalDateTime.parse(date: dateText, time: timeText),
                  let date = local.date(in: timeZone)
            else {
                report("date", "\"\(dateText)\" \"\(timeText)\" is not a date like 2020-01-02 and a time like 09:30")
                return nil
            }
            guard issues.isEmpty else { return nil }
            return JrnlEntry(
                title: title, body: body, date: date, localDateTime: local.text, tags: tags, starred: starred,
                sourceKey: keys.key(localDateTime: local.text, title: title))
        }

        private mutating func string(_ value: JSONValue?, _ field: String, required: Bool) -> String? {
            guard let value, value != .null else {
                if required { report(field, "is required") }
                return nil
            }
            guard let text = value.stringValue else { report(field, "must be a string, found \(value.typeName)"); return nil }
            return text
        }

        /// Tags with their symbol (`@`, `#`…) removed, each once; a `##` heading marker is none.
        private mutating func tagList(_ value: JSONValue?) -> [String] {
            guard let value, value != .null else { return [] }
            guard let items = value.arrayValue else {
                report("tags", "must be an array of strings, found \(value.typeName)")
                return []
            }
            var tags: [String] = []
            for (position, item) in items.enumerated() {
                guard let text = item.stringValue else {
                    report("tags/\(position)", "must be a string, found \(item.typeName)")
                    continue
                }
                // The export keeps each tag's symbol, whichever the user's `tagsymbols` are (`@`, `#`, `+`…).
                let tag = text.first.map(JrnlTextReader.isWordCharacter) == false ? String(text.dropFirst()) : text
                // jrnl lists a Markdown heading's `##` as a tag; the plain-text reader's rule leaves it out, and so does this.
                if let first = tag.first, JrnlTextReader.isWordCharacter(first), !tags.contains(tag) { tags.append(tag) }
            }
            return tags
        }

        private mutating func report(_ field: String, _ message: String) {
            issues.append((field, message))
        }
    }
}
