import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `--photo FILE` or `--camera`: where an item's photo comes from.
struct PhotoOptions: ParsableArguments {
    @Option(name: .customLong("photo"), help: ArgumentHelp("An image file from your library.", valueName: "file"), completion: .file())
    var file: String?
    @Flag(help: "Take the photo with the camera (/dev/video*, through ffmpeg or fswebcam).") var camera = false

    var isGiven: Bool { file != nil || camera }

    func validate() throws {
        if file != nil && camera { throw ValidationError("give --photo FILE or --camera, not both") }
    }

    /// The photo asked for, or `nil` when none was.
    func take(_ env: CommandEnvironment) throws -> ItemBook.Photo? {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(message: "\(file) cannot be read: check the path")
            }
            guard MediaKind(magic: Array(data))?.family == .image else { throw StoreError.notAnImage(source: file) }
            return ItemBook.Photo(bytes: Array(data), source: file)
        }
        return camera ? try CameraSession.take(env) : nil
    }
}

/// Taking a photo with the camera: capture, show, "Use this photo? [OK/retake]", keep a copy in the library.
enum CameraSession {
    static func take(_ env: CommandEnvironment) throws -> ItemBook.Photo {
        let camera = try Camera.find()
        while true {
            env.err.write("Taking a photo with \(camera.device)…\n")
            let bytes = try camera.capture()
            show(bytes, env)
            if env.terminal.canAsk {
                guard let answer = Prompts.text(env, "Use this photo? [OK/retake] ") else { throw ExitCode.failure }
                switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
                case "", "ok", "o", "y", "yes": break
                case "retake", "r": continue
                default:
                    env.error("answer OK or retake; taking it again")
                    continue
                }
            }
            let saved = try PictureLibrary.save(bytes)
            env.err.write("Kept a copy in \(saved).\n")
            return ItemBook.Photo(bytes: bytes, source: "the camera")
        }
    }

    /// Shows the photo on the terminal with `chafa` when it is installed, else says its size.
    private static func show(_ bytes: [UInt8], _ env: CommandEnvironment) {
        let file = NSTemporaryDirectory() + "trove-photo-\(getpid()).jpg"
        defer { try? FileManager.default.removeItem(atPath: file) }
        if let chafa = ExternalProgram(named: "chafa"), (try? Data(bytes).write(to: URL(fileURLWithPath: file))) != nil,
           let output = try? chafa.run(["--size=60x20", file], timeout: 10), output.status == 0 {
            env.err.write(output.stdout)
        } else {
            env.err.write("Took a photo (\(bytes.count / 1024) KB).\n")
        }
    }
}
