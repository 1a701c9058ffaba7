import Foundation
import TroveGit
import TroveJSON

/// The local, never-synced folder `.git/trove/`: peer id, clock, lock and the checkout journal.
struct LocalState {
    let folder: String
    let peerID: String

    init(gitDirectory: String) throws {
        folder = gitDirectory + "trove"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let peerFile = folder + "/peer"
        if let existing = try? String(contentsOfFile: peerFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
           !existing.isEmpty {
            peerID = existing
        } else {
            // 48 random bits: short enough to read in a clock, unique enough among one person's machines.
            var random = SystemRandomNumberGenerator()
            let made = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &random)) }.joined()
            try LocalState.writeAtomically(Array((made + "\n").utf8), to: peerFile)
            peerID = made
        }
    }

    /// The local folder of the store at `storePath`, found without opening the repository (the shell's
    /// prompt reads settings from it before every line).
    static func folder(ofStoreAt storePath: String) -> String { storePath + "/.git/trove" }

    var lockFile: String { folder + "/lock" }
    var clockFile: String { folder + "/clock" }
    var pendingFile: String { folder + "/pending-checkout.json" }
    /// What a quick status may assume about the work tree (see `Repository.status(cachingIn:)`).
    var statusCacheFile: String { folder + "/worktree.json" }

    /// A tree every file of which passed `check`'s rules: one a push's check passed, or one Trove's own
    /// validated writes made from such a tree. A push then judges only what differs from it, so the first push
    /// of a 100,000-record import judges nothing twice (it took 3 s of a 14 s sync).
    ///
    /// Only a courtesy to the hub's readers, who judge everything that arrives themselves: a file edited
    /// here to name another tree makes a push skip files it should have judged, nothing more.
    var checkedTreeFile: String { folder + "/checked-tree" }

    var hasPendingCheckout: Bool { FileManager.default.fileExists(atPath: pendingFile) }

    /// The last clock this clone issued.
    ///
    /// A clock file far ahead of the wall clock (a clock once set wrong, or a file edited by hand) is
    /// never used: every edit stamped from it would win every merge until then. It is reset to now, with a warning.
    func lastClock(now: Int64 = HybridClock.nowMilliseconds()) -> HybridClock {
        guard let text = try? String(contentsOfFile: clockFile, encoding: .utf8),
              let clock = HybridClock(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return HybridClock(milliseconds: 0, counter: 0, peer: peerID) }
        if clock.isFarAhead(of: now) {
            let reset = HybridClock(milliseconds: now, counter: 0, peer: peerID)
            try? saveClock(reset)
            Store.warn("this clone's clock (\(clockFile)) said \(clock.timestamp), more than a day ahead of this machine's time; "
                + "it was reset to \(reset.timestamp)")
            return reset
        }
        return HybridClock(milliseconds: clock.milliseconds, counter: clock.counter, peer: peerID)
    }

    func checkedTree() -> ObjectID? {
        (try? String(contentsOfFile: checkedTreeFile, encoding: .utf8)).flatMap { ObjectID(hex: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Not synced to disk: a cache that a power cut empties costs one slower push, not an fsync per commit.
    func saveCheckedTree(_ tree: ObjectID) {
        let temporary = checkedTreeFile + ".tmp-\(getpid())"
        if !FileManager.default.createFile(atPath: temporary, contents: Data((tree.hex + "\n").utf8))
            || rename(temporary, checkedTreeFile) != 0 {
            unlink(temporary)
        }
    }

    func saveClock(_ clock: HybridClock) throws {
        try LocalState.writeAtomically(Array((clock.description + "\n").utf8), to: clockFile)
    }

    /// Writes a file by renaming a fully written, fsynced temporary file over it.
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        // A leftover temporary file keeps its old mode through O_CREAT: set it again.
        fchmod(descriptor, mode)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor)
        close(descriptor)
        guard written == bytes.count, synced == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}

/// Files in a store's local folder (`.git/trove/`) kept by the layers above the store: the
/// sign-in session, failed sign-in attempts.
public enum LocalFile {
    /// The path of the local file `name` of the store at `storePath`.
    public static func path(_ name: String, ofStoreAt storePath: String) -> String {
        LocalState.folder(ofStoreAt: storePath) + "/" + name
    }

    /// Replaces the file at `path` whole: a kill leaves the old content or the new.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws {
        try LocalState.writeAtomically(bytes, to: path, mode: mode)
    }
}
