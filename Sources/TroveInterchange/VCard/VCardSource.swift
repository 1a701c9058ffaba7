import Foundation

/// The cards of a vCard file to import, read once to be checked and again to be written: a file held in memory
/// (`VCardFile`) or one on disk read a card at a time (`VCardFileOnDisk`).
public protocol VCardSource {
    /// The cards that cannot be imported.
    var invalid: [VCardProblem] { get }
    /// What was left out of the cards that can, and of the file as a whole.
    var warnings: [String] { get }
    /// How many contacts `forEachContact` hands over.
    var contactCount: Int { get }
    /// Hands over each contact in the file's order; throws `VCardError` when the file no longer reads as it did.
    func forEachContact(_ body: (VCardContact) throws -> Void) throws
}

extension VCardFile: VCardSource {
    public var contactCount: Int { contacts.count }
    public func forEachContact(_ body: (VCardContact) throws -> Void) throws { try contacts.forEach(body) }
}

/// A vCard file on disk, read a card at a time: opening it reads it through once, keeping only the count of its
/// contacts, the cards that cannot be imported and the warnings; the import reads it again (`SecondReading`).
public struct VCardFileOnDisk: VCardSource, Sendable {
    public let path: String
    public let invalid: [VCardProblem]
    public let warnings: [String]
    public let contactCount: Int

    /// Reads the file at `path` through; throws `VCardError` (naming the file) when it cannot be read or is not a
    /// vCard file.
    public init(path: String) throws(VCardError) {
        self.path = path
        var count = 0
        var invalid: [VCardProblem] = []
        var warnings: [String] = []
        do {
            let fileWarnings = try VCardReader.read(.file(path), file: Self.name(path)) { card in
                switch card {
                case .success(let (_, cardWarnings)):
                    count += 1
                    warnings += cardWarnings
                case .failure(let problem):
                    invalid.append(problem)
                }
            }
            warnings += fileWarnings
        } catch let error as VCardError {
            throw error
        } catch {
            throw VCardError(file: Self.name(path), line: nil, reason: "\(error)")
        }
        contactCount = count
        self.invalid = invalid
        self.warnings = warnings
    }

    public func forEachContact(_ body: (VCardContact) throws -> Void) throws {
        let changed = VCardError(file: Self.name(path), line: nil, reason: "it changed while it was being imported; try again once it is written")
        try SecondReading.check(items: contactCount, problems: invalid.count, changed: changed) { tally in
            _ = try VCardReader.read(.file(path), file: Self.name(path)) { card in
                switch card {
                case .success(let (contact, _)): try tally.item { try body(contact) }
                case .failure: tally.problem()
                }
            }
        }
    }

    private static func name(_ path: String) -> String { (path as NSString).lastPathComponent }
}
