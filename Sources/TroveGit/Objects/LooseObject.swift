import CGit2
import CTroveZlib
import Crypto
import Foundation

/// Loose object files (`objects/xx/<38 hex>`), read by us rather than by libgit2.
///
/// libgit2 1.5 spins forever inflating a loose object whose zlib stream ends early
/// (libgit2 issue #7342: a `Z_BUF_ERROR` that makes no progress is retried without end),
/// and a killed writer or a damaged disk leaves exactly that. So every repository reads
/// its loose objects through `LooseBackend`, which inflates them here, where a stream
/// that stops making progress is an error naming the object, never a loop.
enum LooseObject {
    /// Why a loose file does not hold an object, in the user's words.
    struct Damage: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// An object's type and content size, from the start of its file.
    struct Header {
        var type: git_object_t
        var size: Int
    }

    /// The longest header we accept: "commit " and a 20-digit size.
    private static let headerLimit = 64

    /// Whether the file at `path` holds an intact object with id `id`: a complete zlib stream,
    /// a sane header and a content hash equal to its name.
    static func isIntact(path: String, id: ObjectID) -> Bool {
        guard case .found(let compressed)? = try? contents(of: path) else { return false }
        var content: UnsafeMutableRawPointer?
        defer { free(content) }
        guard let header = try? inflate(compressed, contentInto: { content = malloc($0); return content }),
              let name = typeName(header.type)
        else { return false }
        var hash = Insecure.SHA1()
        hash.update(data: Array("\(name) \(header.size)\u{0}".utf8))
        hash.update(bufferPointer: UnsafeRawBufferPointer(start: content, count: header.size))
        return Array(hash.finalize()) == id.bytes
    }

    /// A loose file's bytes, or that there is none.
    enum File { case found([UInt8]), missing }

    static func contents(of path: String) throws -> File {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw Damage(reason: "its file cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Damage(reason: "its file cannot be read") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Damage(reason: "its file cannot be read") }
            done += count
        }
        return .found(bytes)
    }

    /// Inflates a loose file: its header, and unless `contentInto` is `nil` its content, into
    /// memory from `contentInto(size + 1)` (the extra byte is a NUL, as libgit2 leaves one).
    ///
    /// On a throw, memory from `contentInto` is the caller's to free.
    static func inflate(_ compressed: [UInt8], contentInto allocate: ((Int) -> UnsafeMutableRawPointer?)?) throws -> Header {
        var stream = z_stream()
        guard trove_inflate_init(&stream) == Z_OK else { throw Damage(reason: "zlib could not start") }
        defer { inflateEnd(&stream) }
        return try compressed.withUnsafeBufferPointer { input -> Header in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            // The header: inflate only its first bytes.
            var head = [UInt8](repeating: 0, count: headerLimit)
            var headCount = 0
            var ended = false
            while headCount < head.count, !head[..<headCount].contains(0), !ended {
                let produced = try head.withUnsafeMutableBufferPointer { buffer in
                    try step(&stream, into: UnsafeMutableRawPointer(buffer.baseAddress! + headCount),
                             count: buffer.count - headCount, ended: &ended)
                }
                headCount += produced
            }
            guard let nul = head[..<headCount].firstIndex(of: 0) else {
                throw Damage(reason: ended ? "it holds no object header" : "its header is unreadable")
            }
            let header = try parseHeader(head[..<nul])
            guard let allocate else { return header }
            guard let content = allocate(header.size + 1) else { throw Damage(reason: "out of memory for \(header.size) bytes") }
            let early = headCount - nul - 1
            guard early <= header.size else { throw Damage(reason: "it holds more than its header says") }
            head.withUnsafeBytes { content.copyMemory(from: $0.baseAddress! + nul + 1, byteCount: early) }
            var filled = early
            while filled < header.size {
                if ended { throw Damage(reason: "it holds less than its header says") }
                filled += try step(&stream, into: content + filled, count: header.size - filled, ended: &ended)
            }
            // All the content is in: the stream must end here, with nothing after it.
            var extra: UInt8 = 0
            while !ended {
                if try step(&stream, into: &extra, count: 1, ended: &ended) > 0 {
                    throw Damage(reason: "it holds more than its header says")
                }
            }
            guard stream.avail_in == 0 else { throw Damage(reason: "its file has data after the object's end") }
            content.storeBytes(of: 0, toByteOffset: header.size, as: UInt8.self)
            return header
        }
    }

    /// One call to zlib's inflate; the bytes it produced. Throws when the stream is damaged or
    /// stops making progress: this is the check libgit2 1.5 lacks.
    private static func step(_ stream: inout z_stream, into output: UnsafeMutableRawPointer, count: Int, ended: inout Bool) throws -> Int {
        let room = min(count, Int(UInt32.max))
        stream.next_out = output.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(room)
        let before = stream.avail_in
        let status = CTroveZlib.inflate(&stream, Z_NO_FLUSH)
        let produced = room - Int(stream.avail_out)
        switch status {
        case Z_STREAM_END:
            ended = true
        case Z_OK, Z_BUF_ERROR:
            if produced == 0 && stream.avail_in == before {
                throw Damage(reason: stream.avail_in == 0 ? "its file ends early (truncated)" : "its data does not inflate")
            }
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw Damage(reason: "its data is not valid zlib (\(message))")
        }
        return produced
    }

    private static func parseHeader(_ bytes: ArraySlice<UInt8>) throws -> Header {
        let parts = String(decoding: bytes, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: false)
        let types: [String: git_object_t] = [
            "blob": GIT_OBJECT_BLOB, "tree": GIT_OBJECT_TREE, "commit": GIT_OBJECT_COMMIT, "tag": GIT_OBJECT_TAG,
        ]
        guard parts.count == 2, let type = types[String(parts[0])], parts[1].allSatisfy(\.isASCIIDigit),
              let size = Int(parts[1]), size < Int(Int32.max) * 64
        else { throw Damage(reason: "its header is unreadable") }
        return Header(type: type, size: size)
    }

    private static func typeName(_ type: git_object_t) -> String? {
        switch type {
        case GIT_OBJECT_BLOB: "blob"
        case GIT_OBJECT_TREE: "tree"
        case GIT_OBJECT_COMMIT: "commit"
        case GIT_OBJECT_TAG: "tag"
        default: nil
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The object database backend through which every repository reads its loose objects.
///
/// Reads inflate through `LooseObject`; everything that does not inflate (writes, existence,
/// short-id lookups, listing) goes to libgit2's own loose backend.
enum LooseBackend {
    /// A new backend for the objects folder `objects`, owned by the object database it is added to.
    static func make(objects: String) throws -> UnsafeMutablePointer<git_odb_backend> {
        var files: UnsafeMutablePointer<git_odb_backend>?
        // As libgit2's default: the configured compression, fsync as `Git.setFsync` says.
        try check(git_odb_backend_loose(&files, objects, -1, 0, 0, 0), "open loose objects in \(objects)")
        let backend = UnsafeMutablePointer<trove_loose_backend>.allocate(capacity: 1)
        backend.initialize(to: trove_loose_backend())
        git_odb_init_backend(&backend.pointee.parent, UInt32(GIT_ODB_BACKEND_VERSION))
        backend.pointee.files = files
        backend.pointee.objects = strdup(objects.hasSuffix("/") ? objects : objects + "/")
        backend.pointee.parent.read = { data, length, type, backend, oid in
            LooseBackend.read(backend!, oid!.pointee, data: data, length: length, type: type)
        }
        backend.pointee.parent.read_header = { length, type, backend, oid in
            LooseBackend.read(backend!, oid!.pointee, data: nil, length: length, type: type)
        }
        backend.pointee.parent.read_prefix = { found, data, length, type, backend, short, count in
            var full = short!.pointee
            if count < Int(GIT_OID_HEXSZ) {
                let files = LooseBackend.files(backend!)
                let result = files.pointee.exists_prefix!(&full, files, short, count)
                guard result == 0 else { return result }
            }
            let result = LooseBackend.read(backend!, full, data: data, length: length, type: type)
            if result == 0 { found!.pointee = full }
            return result
        }
        backend.pointee.parent.write = { backend, oid, data, length, type in
            let files = LooseBackend.files(backend!)
            return files.pointee.write!(files, oid, data, length, type)
        }
        backend.pointee.parent.writestream = { stream, backend, length, type in
            let files = LooseBackend.files(backend!)
            // The stream's finish looks for the object through its backend's database: ours, not none.
            files.pointee.odb = backend!.pointee.odb
            return files.pointee.writestream!(stream, files, length, type)
        }
        backend.pointee.parent.exists = { backend, oid in
            let files = LooseBackend.files(backend!)
            return files.pointee.exists!(files, oid)
        }
        backend.pointee.parent.exists_prefix = { found, backend, short, count in
            let files = LooseBackend.files(backend!)
            return files.pointee.exists_prefix!(found, files, short, count)
        }
        backend.pointee.parent.foreach = { backend, callback, payload in
            let files = LooseBackend.files(backend!)
            return files.pointee.foreach!(files, callback, payload)
        }
        backend.pointee.parent.freshen = { backend, oid in
            let files = LooseBackend.files(backend!)
            return files.pointee.freshen!(files, oid)
        }
        backend.pointee.parent.free = { backend in
            let own = UnsafeMutableRawPointer(backend!).assumingMemoryBound(to: trove_loose_backend.self)
            own.pointee.files.pointee.free!(own.pointee.files)
            free(own.pointee.objects)
            own.deinitialize(count: 1)
            own.deallocate()
        }
        return UnsafeMutableRawPointer(backend).assumingMemoryBound(to: git_odb_backend.self)
    }

    private static func files(_ backend: UnsafeMutablePointer<git_odb_backend>) -> UnsafeMutablePointer<git_odb_backend> {
        UnsafeMutableRawPointer(backend).assumingMemoryBound(to: trove_loose_backend.self).pointee.files
    }

    /// Reads object `oid`'s header, and its content when `data` is given; a libgit2 return code.
    private static func read(_ backend: UnsafeMutablePointer<git_odb_backend>, _ oid: git_oid,
                             data: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                             length: UnsafeMutablePointer<Int>?, type: UnsafeMutablePointer<git_object_t>?) -> Int32 {
        let objects = String(cString: UnsafeMutableRawPointer(backend).assumingMemoryBound(to: trove_loose_backend.self).pointee.objects)
        let hex = ObjectID(oid).hex
        var content: UnsafeMutableRawPointer?
        do {
            guard case .found(let compressed) = try LooseObject.contents(of: objects + hex.prefix(2) + "/" + hex.dropFirst(2)) else {
                git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "no loose object \(hex)")
                return GIT_ENOTFOUND.rawValue
            }
            let header = try LooseObject.inflate(compressed, contentInto: data.map { _ in
                { size in content = git_odb_backend_data_alloc(backend, size); return content }
            })
            data?.pointee = content
            length?.pointee = header.size
            type?.pointee = header.type
            return 0
        } catch {
            if let content { git_odb_backend_data_free(backend, content) }
            git_error_set_str(Int32(GIT_ERROR_ODB.rawValue), "git object \(hex) is damaged: \(error)")
            return GIT_ERROR.rawValue
        }
    }
}

extension Repository {
    /// Gives this repository an object database whose loose objects are read by `LooseBackend`:
    /// packs and alternates as libgit2 would have them, but no libgit2 loose-object reader.
    func readLooseObjectsSafely() throws {
        var odb: OpaquePointer?
        try check(git_odb_new(&odb), "make object database")
        defer { git_odb_free(odb) }
        let objects = gitDirectory + "objects"
        var packed: UnsafeMutablePointer<git_odb_backend>?
        try check(git_odb_backend_pack(&packed, objects), "open packs in \(objects)")
        // libgit2's own priorities: packs first (2), then loose objects (1).
        if git_odb_add_backend(odb, packed, 2) < 0 {
            packed?.pointee.free?(packed)
            try check(-1, "add packs")
        }
        let loose = try LooseBackend.make(objects: objects)
        if git_odb_add_backend(odb, loose, 1) < 0 {
            loose.pointee.free?(loose)
            try check(-1, "add loose objects")
        }
        // Alternates (objects/info/alternates) as git reads them; a store has none unless a person made them.
        if let text = try? String(contentsOfFile: objects + "/info/alternates", encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
                let path = line.hasPrefix("/") ? String(line) : objects + "/" + line
                try check(git_odb_add_disk_alternate(odb, path), "add alternate objects \(path)")
            }
        }
        try check(git_repository_set_odb(pointer, odb), "use object database")
    }
}
