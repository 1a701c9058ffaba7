import ArgumentParser
import Foundation
import TroveJSON
import TroveStore

/// `trove media add|cat`: store images by content hash, and read them back.
struct MediaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media", abstract: "Store images by content hash and read them back.",
        subcommands: [Add.self, Cat.self])

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Store image files (JPEG, PNG, GIF, WebP, HEIC) in one commit; print their hashes.",
            discussion: "Each file is stored once, however often it is added. Example: trove media add photo.jpg")

        @Argument(help: "Image files.", completion: .file()) var files: [String]
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("give at least one file") }
        }

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let (references, _) = try store.transaction { transaction in
                try files.map { try transaction.addMedia(Input.readAll($0, env), source: $0) }
            }
            if output.json {
                env.out.json(.array(references.map { ["sha256": .string($0.sha256), "path": .string($0.path)] }))
            } else {
                env.out.table(references.map { [$0.sha256, $0.path] })
            }
        }
    }

    struct Cat: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "cat", abstract: "Write a stored media file to standard output.",
            discussion: "Example: trove media cat 9e6dbb06... > photo.jpg")

        @Argument(help: "The media file's SHA-256, or its first 6 or more characters (as entry show prints them).") var sha256: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            // A short hash pasted from a listing may carry the ellipsis that followed it.
            let typed = sha256.trimmingCharacters(in: CharacterSet(charactersIn: "…. "))
            var hash = typed
            if typed.count < 64 {
                guard typed.count >= 6 else { throw CommandFailure(message: "give 6 or more characters of the media file's hash") }
                let matches = try store.mediaHashes(startingWith: typed)
                guard matches.count <= 1 else {
                    throw CommandFailure(message: "\(matches.count) media files have hashes starting \(typed): give more characters")
                }
                hash = matches.first ?? typed
            }
            guard let bytes = try store.media(sha256: hash) else {
                throw CommandFailure(message: "no media file with hash \(typed)")
            }
            env.out.write(bytes)
        }
    }
}
