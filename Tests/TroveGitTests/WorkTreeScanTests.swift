import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// The quick status (`status(cachingIn:)`) must always say what libgit2's full `status()` says.
@Suite("quick status agrees with libgit2's status")
struct WorkTreeScanTests {
    /// A repository of committed files in a few folders, aged an hour so the cache trusts their folders' mtimes.
    func agedRepository(files: Int = 60) throws -> (Scratch, String) {
        let scratch = try Scratch(label: "trove-scan-test")
        for number in 0..<files {
            try write(scratch, "\(["entries", "dogs", "media"][number % 3])/\(String(format: "%02x", number % 7))/file\(number).json",
                      "{\"n\": \(number)}\n")
        }
        try write(scratch, ".gitignore", "*.tmp\nscratch/\n")
        try scratch.git("add", "-A")
        try scratch.git("commit", "-q", "-m", "files")
        _ = try ProcessRunner.run("/usr/bin/env", ["find", ".", "-path", "./.git", "-prune", "-o", "-exec", "touch", "-h", "-d", "1 hour ago", "{}", "+"],
                                  in: scratch.path, environment: scratch.cli.environment)
        try scratch.git("update-index", "-q", "--refresh")
        return (scratch, scratch.folder.child("worktree.json"))
    }

    func write(_ scratch: Scratch, _ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: scratch.path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Both answers as sorted "path change" lines.
    func compare(_ scratch: Scratch, _ cache: String, _ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let quick = try scratch.repository.status(cachingIn: cache).map { "\($0.path) \($0.change)" }.sorted()
        let full = try scratch.repository.status().map { "\($0.path) \($0.change)" }.sorted()
        #expect(quick == full, "after \(step)", sourceLocation: sourceLocation)
    }

    @Test("an untracked file in a folder last changed long ago is listed by every status, not just the first")
    func untrackedInOldFolder() throws {
        let (scratch, cache) = try agedRepository()
        try compare(scratch, cache, "nothing")
        try write(scratch, "entries/03/new.json", "{}\n")
        try write(scratch, "fresh/deeper/n.json", "{}\n")
        // Age the folders as a slow user would (minutes between commands): their mtimes are then trusted.
        for folder in ["entries/03", "fresh/deeper", "fresh", "."] {
            _ = try ProcessRunner.run("/usr/bin/env", ["touch", "-d", "10 minutes ago", folder], in: scratch.path, environment: scratch.cli.environment)
        }
        for round in 1...3 {
            let quick = try scratch.repository.status(cachingIn: cache).filter { $0.change == .untracked }.map(\.path).sorted()
            #expect(quick == ["entries/03/new.json", "fresh/deeper/n.json"], "status number \(round)")
        }
        // And after a full status made the cache (the index changed, so the quick path started over).
        try scratch.git("update-index", "-q", "--refresh")
        try FileManager.default.removeItem(atPath: cache)
        for round in 1...2 { try compare(scratch, cache, "full, then quick \(round)") }
    }

    @Test("random edits, deletions, new files and folders, ignored files, modes and links", arguments: [1, 2, 3, 4] as [UInt64])
    func randomEdits(seed: UInt64) throws {
        let (scratch, cache) = try agedRepository()
        try compare(scratch, cache, "nothing")
        #expect(FileManager.default.fileExists(atPath: cache), "a clean full status leaves a cache behind")
        try compare(scratch, cache, "nothing, from the cache")
        var random = SeededGenerator(seed: seed)
        var tracked = try scratch.git("ls-files").split(separator: "\n").map(String.init).filter { $0.hasSuffix(".json") }
        for step in 0..<40 {
            let target = tracked.isEmpty ? nil : tracked[Int(random.next() % UInt64(tracked.count))]
            let path = scratch.path + "/"
            var done = ""
            switch random.next() % 10 {
            case 0 where target != nil:
                try write(scratch, target!, "{\"edited\": \(step)}\n"); done = "edit \(target!)"
            case 1 where target != nil:
                // Same size, new content: only the content tells.
                let old = try String(contentsOfFile: path + target!, encoding: .utf8)
                try write(scratch, target!, String(old.reversed().dropFirst()) + "\n"); done = "same-size edit \(target!)"
            case 2 where target != nil:
                try FileManager.default.removeItem(atPath: path + target!); tracked.removeAll { $0 == target }; done = "delete \(target!)"
            case 3:
                try write(scratch, "entries/0\(step % 7)/new\(step).json", "{}\n"); done = "new file in an old folder"
            case 4:
                try write(scratch, "fresh\(step)/deeper/n\(step).json", "{}\n"); done = "new nested folders"
            case 5:
                try write(scratch, "dogs/00/ignored\(step).tmp", "x"); try write(scratch, "scratch/s\(step).json", "{}"); done = "ignored files"
            case 6 where target != nil:
                _ = try ProcessRunner.run("/usr/bin/env", ["chmod", "+x", target!], in: scratch.path, environment: scratch.cli.environment); done = "chmod +x \(target!)"
            case 7 where target != nil:
                try FileManager.default.removeItem(atPath: path + target!)
                try FileManager.default.createSymbolicLink(atPath: path + target!, withDestinationPath: "elsewhere.json")
                tracked.removeAll { $0 == target }; done = "symlink \(target!)"
            case 8 where target != nil:
                // Touched, content unchanged: not an edit.
                _ = try ProcessRunner.run("/usr/bin/env", ["touch", target!], in: scratch.path, environment: scratch.cli.environment); done = "touch \(target!)"
            case 9:
                let folder = "media/0\(step % 7)"
                if FileManager.default.fileExists(atPath: path + folder) {
                    try FileManager.default.removeItem(atPath: path + folder); tracked.removeAll { $0.hasPrefix(folder + "/") }
                }
                done = "delete folder \(folder)"
            default:
                continue
            }
            try compare(scratch, cache, "step \(step): \(done)")
        }
        // The quick path really ran: the cache still vouches for this very index.
        let index = try Data(contentsOf: URL(fileURLWithPath: scratch.repository.gitDirectory + "index")).suffix(20)
        let cached = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: cache))) as? [String: Any]
        #expect(cached?["index"] as? String == index.map { String(format: "%02x", $0) }.joined())
    }

    @Test("a staged change, a commit by git and a removed cache make it fall back to libgit2")
    func fallbacks() throws {
        let (scratch, cache) = try agedRepository(files: 12)
        try compare(scratch, cache, "nothing")
        try write(scratch, "entries/00/file0.json", "{\"staged\": true}\n")
        try scratch.git("add", "entries/00/file0.json")
        let staged = try scratch.repository.status(cachingIn: cache)
        #expect(staged.map(\.isStaged) == [true], "a staged edit is reported as staged, as libgit2 does")
        try compare(scratch, cache, "git add")
        try scratch.git("commit", "-q", "-m", "by hand")
        try compare(scratch, cache, "git commit")
        try write(scratch, "dogs/01/later.json", "{}\n")
        try compare(scratch, cache, "a new file after the commit")
        try FileManager.default.removeItem(atPath: cache)
        try compare(scratch, cache, "the cache removed")
        try Data("not json".utf8).write(to: URL(fileURLWithPath: cache))
        try compare(scratch, cache, "the cache damaged")
    }
}
