import Foundation
import Testing
@testable import TroveGit
import TroveTestSupport

/// What a push reads: the hub's pkt-lines (hostile input) and the store's own packs, whose entries it copies.
@Suite("reading for a push: pkt-lines and stored packs")
struct PushPackReadingTests {
    /// A reader over `bytes`, handing them out a few at a time as a slow connection would.
    func reader(_ bytes: [UInt8], step: Int = 3) -> PktLineReader {
        var position = 0
        return PktLineReader { buffer in
            let count = min(step, buffer.count, bytes.count - position)
            for offset in 0..<count { buffer[offset] = bytes[position + offset] }
            position += count
            return count
        }
    }

    @Test("lines and flushes come back as sent, across reads of any size")
    func roundTrip() throws {
        let sent = PktLine.encode("unpack ok\n") + PktLine.encode("ok refs/heads/main\n") + PktLine.flush
        var lines = reader(sent)
        #expect(try lines.next().map { String(decoding: $0, as: UTF8.self) } == "unpack ok\n")
        #expect(try lines.next().map { String(decoding: $0, as: UTF8.self) } == "ok refs/heads/main\n")
        #expect(try lines.next() == nil)
    }

    @Test("a hub's malformed or cut-off answer is an error, never a crash or a wait", arguments: [
        "zzzzunpack ok", "0002", "0003", "ffff", "-001", "0010unpack", "00",
    ])
    func hostileAnswers(_ text: String) {
        var lines = reader(Array(text.utf8))
        #expect(throws: PktLineError.self) { _ = try lines.next() }
    }

    /// A repository made by the git program, repacked so that some entries are deltas.
    func packedRepository() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder("stored-pack")
        let path = folder.child("repo")
        func git(_ arguments: String...) throws -> String {
            let output = try ProcessRunner.run("/usr/bin/env", ["git", "-C", path] + arguments, environment: ProcessInfo.processInfo.environment.merging([
                "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.invalid",
            ]) { _, new in new })
            #expect(output.status == 0, "git \(arguments): \(output.stderr)")
            return output.stdout
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        _ = try git("init", "-q", "-b", "main")
        let text = (0..<200).map { "line \($0) of a record that changes a little each time" }.joined(separator: "\n")
        for round in 0..<6 {
            try Data((text + "\nround \(round)\n").utf8).write(to: URL(fileURLWithPath: path + "/record.json"))
            _ = try git("add", "-A")
            _ = try git("commit", "-q", "-m", "round \(round)")
        }
        _ = try git("repack", "-q", "-a", "-d", "-f")
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack").first { $0.hasSuffix(".idx") })
        return (folder, path + "/.git/objects/pack/" + index)
    }

    @Test("every object is found at the offset git verify-pack gives; whole entries come with their size, deltas not at all")
    func offsetsAgreeWithGit() throws {
        let (folder, indexPath) = try packedRepository()
        _ = folder
        let pack = try #require(StoredPack(indexPath: indexPath))
        let verify = try ProcessRunner.run("/usr/bin/env", ["git", "verify-pack", "-v", indexPath], environment: ProcessInfo.processInfo.environment)
        var whole = 0, deltas = 0
        for line in verify.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[0].count == 40, let id = ObjectID(hex: String(fields[0])) else { continue }
            #expect(pack.offset(of: id) == Int(fields[4]), "\(line)")
            let entry = pack.wholeEntry(at: Int(fields[4])!)
            if fields.count > 5 {  // a delta: git lists its depth and base
                deltas += 1
                #expect(entry == nil)
            } else {
                whole += 1
                #expect(entry?.size == Int(fields[2]), "\(line)")
            }
        }
        #expect(whole > 0 && deltas > 0, "the repack made both kinds (\(whole) whole, \(deltas) deltas)")
        #expect(pack.offset(of: ObjectID(bytes: [UInt8](repeating: 0xAB, count: 20))) == nil)
    }

    @Test("a damaged index is refused or answers nothing wrong: no crash, whatever bytes are changed")
    func damagedIndex() throws {
        let (folder, indexPath) = try packedRepository()
        let original = try Data(contentsOf: URL(fileURLWithPath: indexPath))
        let damaged = folder.child("repo/.git/objects/pack/damaged.idx")
        try FileManager.default.copyItem(atPath: String(indexPath.dropLast(4)) + ".pack", toPath: String(damaged.dropLast(4)) + ".pack")
        var random = SeededGenerator(seed: 21)
        for trial in 0..<200 {
            var bytes = [UInt8](original)
            if trial % 4 == 0 {
                bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
            } else {
                for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: damaged))
            guard let pack = StoredPack(indexPath: damaged) else { continue }
            for _ in 0..<20 {
                let id = ObjectID(bytes: (0..<20).map { _ in UInt8.random(in: 0...255, using: &random) })
                if let offset = pack.offset(of: id) { _ = pack.wholeEntry(at: offset) }
                _ = pack.wholeEntry(at: Int.random(in: -5...10_000, using: &random))
            }
        }
    }
}
