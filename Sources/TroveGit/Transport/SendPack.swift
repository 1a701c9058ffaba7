import CGit2
import Foundation

/// A push over the smart protocol driven by Trove (gitprotocol-pack, "Pushing Data To a Server"), on the
/// same connections libgit2 opens: the ssh program (`SSHSubtransport`) or libgit2's own https, with its
/// certificates, logins and proxies. libgit2 lists the hub's refs; Trove sends the update and an
/// `OutgoingPack`, and reads the hub's report.
///
/// libgit2's own push builds its pack with the packbuilder, which was most of a first push's time;
/// everything around the pack (the listing, the login, the errors) stays libgit2's.
extension Repository {
    func sendPack(remote: OpaquePointer, refspec: String, context: TransferContext) throws {
        let parts = refspec.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        precondition(parts.count == 2 && !parts[0].hasPrefix("+"), "a push names one source and one destination, without force")
        let (source, destination) = (Self.qualified(parts[0]), Self.qualified(parts[1]))
        guard let new = try referenceTarget(source) else {
            throw GitError(operation: "push \(source)", code: GIT_ENOTFOUND.rawValue, message: "\(source) does not exist")
        }
        let capture = SubtransportCapture(make: context.isHTTP ? git_smart_subtransport_http : SSHSubtransport.definition.pointee.callback)
        var definition = git_smart_subtransport_definition(
            callback: { out, owner, param in
                let capture = Unmanaged<SubtransportCapture>.fromOpaque(param!).takeUnretainedValue()
                let result = capture.make?(out, owner, nil) ?? -1
                if result == 0 { capture.subtransport = out?.pointee }
                return result
            },
            rpc: context.isHTTP ? 1 : 0, param: Unmanaged.passUnretained(capture).toOpaque())
        var transport: UnsafeMutablePointer<git_transport>?
        try withExtendedLifetime(capture) {
            try check(git_transport_smart(&transport, remote, &definition), "open a connection to \(context.url)")
            defer {
                _ = transport?.pointee.close(transport)
                transport?.pointee.free(transport)
            }
            var options = git_remote_connect_options()
            try check(git_remote_connect_options_init(&options, UInt32(GIT_REMOTE_CONNECT_OPTIONS_VERSION)), "connect options")
            context.install(into: &options.callbacks)
            TransferContext.installProxy(&options.proxy_opts)
            try check(transport!.pointee.connect(transport, context.url, Int32(GIT_DIRECTION_PUSH.rawValue), &options), "connect to push")

            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try check(transport!.pointee.ls(&heads, &count, transport), "list the hub's references")
            var hubTips: [ObjectID] = []
            var old: ObjectID?
            for index in 0..<count {
                guard let head = heads?[index]?.pointee else { continue }
                let id = ObjectID(head.oid)
                if id.isZero { continue }  // an empty hub advertises its capabilities on a zero id
                hubTips.append(id)
                if String(cString: head.name) == destination { old = id }
            }
            if old == new { return }
            if let old, try !contains(old) || !isDescendant(new, of: old) {
                // As libgit2's push says it: the caller fetches, merges and pushes again.
                throw GitError(operation: "push to \(context.url)", code: GIT_ENONFASTFORWARD.rawValue,
                               message: "cannot push non-fastforwardable reference")
            }
            let pack = try OutgoingPack(repository: self, tip: new, hubTips: hubTips)
            guard let subtransport = capture.subtransport else { throw GitError(operation: "push", code: -1, message: "no connection") }
            var stream: UnsafeMutablePointer<git_smart_subtransport_stream>?
            try check(subtransport.pointee.action(&stream, subtransport, context.url, GIT_SERVICE_RECEIVEPACK), "start the push")
            // https opens a request per step and leaves it to the caller; ssh keeps one stream, the transport's.
            defer { if context.isHTTP { stream?.pointee.free(stream) } }
            let zero = String(repeating: "0", count: 40)
            let command = "\(old?.hex ?? zero) \(new.hex) \(destination)\0report-status agent=trove\n"
            func send(_ bytes: [UInt8]) throws {
                try bytes.withUnsafeBufferPointer { buffer in
                    try buffer.withMemoryRebound(to: CChar.self) {
                        try check(stream!.pointee.write(stream, $0.baseAddress, $0.count), "send to \(context.url)")
                    }
                }
            }
            try send(PktLine.encode(command) + PktLine.flush)
            let total = pack.objects.count
            _ = try pack.write(from: self, into: send) { done, bytes in
                context.progress?(TransferProgress(direction: .sending, done: done, total: total, bytes: bytes))
            }
            try readReport(from: stream!, destination: destination, context: context)
        }
    }

    /// The hub's report-status: whether it stored the pack, and whether the ref moved.
    private func readReport(from stream: UnsafeMutablePointer<git_smart_subtransport_stream>, destination: String,
                            context: TransferContext) throws {
        var reader = PktLineReader { buffer in
            var got = 0
            try check(stream.pointee.read(stream, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, &got),
                      "read the hub's answer")
            return got
        }
        var unpacked = false
        var updated = false
        while let line = try reader.next() {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
            if text == "unpack ok" {
                unpacked = true
            } else if text.hasPrefix("unpack ") {
                throw GitError(operation: "push to \(context.url)", code: -1,
                               message: "unpacking the sent packfile failed on the remote: \(text.dropFirst("unpack ".count))")
            } else if text == "ok \(destination)" {
                updated = true
            } else if text.hasPrefix("ng \(destination) ") {
                throw TransferError.rejected(reference: destination, reason: String(text.dropFirst("ng \(destination) ".count)))
            }
        }
        guard unpacked, updated else { throw PktLineError.malformed("it did not say whether \(destination) was updated") }
    }

    private static func qualified(_ name: String) -> String { name.hasPrefix("refs/") ? name : "refs/heads/" + name }
}

/// Keeps the subtransport libgit2's smart transport makes, so that the push can open its second step on
/// the same connection (ssh) or with the same login (https).
private final class SubtransportCapture {
    let make: git_smart_subtransport_cb?
    var subtransport: UnsafeMutablePointer<git_smart_subtransport>?

    init(make: git_smart_subtransport_cb?) {
        self.make = make
    }
}
