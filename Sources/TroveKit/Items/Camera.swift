import Foundation

/// Taking a still photo from a V4L2 camera (`/dev/video*`), through `ffmpeg` or `fswebcam`.
public struct Camera: Sendable {
    /// The device, e.g. `/dev/video0`.
    public let device: String
    let program: ExternalProgram

    /// The first camera on this machine, with a program to read it.
    ///
    /// - Parameter devices: where to look; `TROVE_CAMERA` names one device instead of all of `/dev/video*`.
    /// - Throws: `CameraError.noCamera` or `.noCaptureProgram`.
    public static func find(devices: [String] = Camera.devices()) throws -> Camera {
        guard let device = devices.first else { throw CameraError.noCamera }
        guard let program = ExternalProgram(named: "ffmpeg") ?? ExternalProgram(named: "fswebcam") else {
            throw CameraError.noCaptureProgram
        }
        return Camera(device: device, program: program)
    }

    /// The video devices: `TROVE_CAMERA` when set, else `/dev/video*` in order.
    public static func devices() -> [String] {
        if let named = ProcessInfo.processInfo.environment["TROVE_CAMERA"], !named.isEmpty {
            return FileManager.default.fileExists(atPath: named) ? [named] : []
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return names.filter { $0.hasPrefix("video") }.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }.map { "/dev/" + $0 }
    }

    /// Takes one still and returns its JPEG bytes.
    public func capture() throws -> [UInt8] {
        let file = NSTemporaryDirectory() + "trove-camera-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jpg"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let arguments = program.path.hasSuffix("fswebcam")
            ? ["--quiet", "--no-banner", "--device", device, "--resolution", "1280x720", "--jpeg", "90", file]
            : ["-hide_banner", "-loglevel", "error", "-f", "v4l2", "-i", device, "-frames:v", "1", "-y", file]
        let output = try program.run(arguments, timeout: 20)
        let text = output.text
        if text.contains("Device or resource busy") { throw CameraError.busy(device) }
        guard !output.timedOut else { throw CameraError.failed(device, reason: "it gave no picture within 20 s") }
        guard output.status == 0, let bytes = FileManager.default.contents(atPath: file), !bytes.isEmpty else {
            let reason = text.split(separator: "\n").last.map(String.init) ?? "exit status \(output.status)"
            throw CameraError.failed(device, reason: reason)
        }
        return Array(bytes)
    }
}

/// Why no photo came from the camera.
public enum CameraError: Error, Equatable, CustomStringConvertible {
    case noCamera
    case noCaptureProgram
    case busy(String)
    case failed(String, reason: String)

    public var description: String {
        switch self {
        case .noCamera:
            return "there is no camera on this machine (no /dev/video* device): take the photo from a file with --photo FILE"
        case .noCaptureProgram:
            return "taking a photo needs ffmpeg or fswebcam (apt install ffmpeg): or use --photo FILE"
        case .busy(let device):
            return "the camera \(device) is busy (another program is using it): close that program and try again, or use --photo FILE"
        case .failed(let device, let reason):
            return "the camera \(device) gave no photo (\(reason)): try again, or use --photo FILE"
        }
    }
}

extension CameraError: UserFacingError {}

/// The folder where photos taken with the camera are also kept, as a phone keeps them in its library.
public enum PictureLibrary {
    /// `$XDG_PICTURES_DIR`, else `~/Pictures/Trove`.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["XDG_PICTURES_DIR"], !folder.isEmpty { return folder }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/Pictures/Trove"
    }

    /// Saves a photo there as `trove-YYYYMMDD-HHMMSS.jpg` (with a number when taken the same second); returns its path.
    public static func save(_ bytes: [UInt8], now: Date = Date()) throws -> String {
        let folder = folder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "\(folder)/trove-\(formatter.string(from: now))"
        var path = stem + ".jpg"
        var number = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(stem)-\(number).jpg"
            number += 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        return path
    }
}
