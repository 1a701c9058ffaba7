import Foundation
import TroveJSON

/// Messages for the person, waiting to be shown at the shell's next prompt: a sync that left
/// conflicts, an event about to start, an invitation. They live in `.git/trove/notifications.jsonl`,
/// one JSON object per line, local to this clone.
///
/// Posting appends one line with a single `write` (atomic for a line this short), so processes
/// posting at once lose nothing; taking renames the file away first, so a post made meanwhile
/// waits for the next prompt instead of vanishing.
public struct Notifications: Sendable {
    /// One message, and when it was posted.
    public struct Message: Equatable, Sendable {
        public var text: String
        public var posted: Date
    }

    /// The queue's file.
    public let path: String

    /// The queue of the store at `storePath`.
    public init(storePath: String) {
        path = LocalState.folder(ofStoreAt: storePath) + "/notifications.jsonl"
    }

    /// Adds a message to the queue.
    public func post(_ text: String, at date: Date = Date()) throws {
        let line: JSONValue = ["text": .string(text), "posted": .integer(Int(date.timeIntervalSince1970 * 1000))]
        let bytes = Array((CanonicalJSON.compact(line) + "\n").utf8)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw StoreError.notARecord(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw StoreError.notARecord(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Every waiting message, oldest first, removed from the queue. Lines that do not parse are skipped.
    public func take() -> [Message] {
        let taken = path + ".taking-\(getpid())"
        guard rename(path, taken) == 0 else { return [] }
        defer { unlink(taken) }
        guard let data = FileManager.default.contents(atPath: taken) else { return [] }
        return data.split(separator: 0x0A).compactMap { line in
            guard let object = (try? JSONValue(parsing: Array(line)))?.objectValue,
                  case .string(let text)? = object["text"], case .integer(let posted)? = object["posted"] else { return nil }
            return Message(text: text, posted: Date(timeIntervalSince1970: Double(posted) / 1000))
        }
    }
}
