import Foundation
import Testing
import TroveGit
import TroveTestSupport

/// A fresh repository in a temporary folder, with the git program at hand for interop checks.
final class Scratch {
    let folder: TemporaryFolder
    let repository: Repository
    /// Plain git, in a home folder of its own so ~/.gitconfig cannot interfere.
    let cli: TroveCLI

    init(bare: Bool = false, label: String = "trove-git-test") throws {
        Git.isolateFromGlobalConfiguration()
        folder = TemporaryFolder(label)
        try FileManager.default.createDirectory(atPath: folder.child("home"), withIntermediateDirectories: true)
        repository = try Repository.create(at: folder.child("repo"), bare: bare)
        cli = TroveCLI(home: folder.child("home"), store: folder.child("repo"))
    }

    var path: String { folder.child("repo") }

    /// Runs git in the repository and expects it to succeed.
    @discardableResult
    func git(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let output = try ProcessRunner.run(
            "/usr/bin/env", ["git"] + arguments, in: path, environment: cli.environment.merging([
                "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.invalid",
                "GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.invalid",
            ]) { _, new in new })
        #expect(output.status == 0, "git \(arguments.joined(separator: " ")): \(output.stderr)", sourceLocation: sourceLocation)
        return output.stdout
    }

    /// Runs git in the repository and returns its whole result, success or not.
    func gitResult(_ arguments: String...) throws -> ProcessOutput {
        try ProcessRunner.run("/usr/bin/env", ["git"] + arguments, in: path, environment: cli.environment)
    }

    /// Writes blobs for `files` and a tree applying them to `base`.
    func tree(_ files: [String: String], base: Tree? = nil) throws -> Tree {
        let changes = try files.map { path, text in
            TreeChange.upsert(path: path, blob: try repository.writeBlob(Array(text.utf8)))
        }
        return try repository.tree(repository.writeTree(applying: changes, to: base))
    }

    /// Writes a commit of `tree` with a fixed author, `seconds` after a fixed epoch.
    func commit(_ tree: Tree, parents: [ObjectID] = [], message: String = "change", seconds: Int = 0) throws -> ObjectID {
        let signature = Signature.fixed(seconds: seconds)
        return try repository.createCommit(
            tree: tree.id, parents: parents, author: signature, committer: signature, message: message)
    }

    /// Every file below the objects folder that is a loose object (objects/xx/<38 hex>).
    func looseObjects() throws -> [String] {
        let objects = repository.gitDirectory + "objects"
        return try FileManager.default.contentsOfDirectory(atPath: objects)
            .filter { $0.count == 2 && $0.allSatisfy(\.isHexDigit) }
            .flatMap { fan in try FileManager.default.contentsOfDirectory(atPath: objects + "/" + fan).map { fan + $0 } }
    }

    /// The pack files (`*.pack`) in the object database.
    func packFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: repository.gitDirectory + "objects/pack")
            .filter { $0.hasSuffix(".pack") }
    }
}

extension Signature {
    /// A signature at a fixed time (whole seconds, so it reads back equal).
    static func fixed(_ name: String = "Ada Lovelace", email: String = "ada@example.invalid", seconds: Int = 0,
                      offset: Int = 60) -> Signature {
        Signature(name: name, email: email, time: Date(timeIntervalSince1970: 1_750_000_000 + TimeInterval(seconds)),
                  timeZoneOffset: offset)
    }
}

/// The bytes of a UTF-8 string.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
