import CGit2
import Foundation

/// libgit2's smart transport over the system's ssh program, for `ssh://`, `ssh+git://`, `git+ssh://` and
/// scp-like `[USER@]HOST:PATH` remotes (libgit2 1.5 looks those up under `ssh://` too).
///
/// It replaces libgit2's own ssh transport (libssh2), which cannot use ssh-agent or ask for a
/// passphrase, signs RSA with SHA-1 (refused by OpenSSH 8.8 and later), ignores `~/.ssh/config` and
/// reads only one known_hosts file. Nothing of libssh2 is kept as a fallback: a second way in with
/// other rules would only make the failures harder to explain.
///
/// Each action runs one ssh child (`SSHCommand` builds its arguments, `SSHProcess` runs it): the ref
/// listing and the pack that follows share its stream, as in libgit2's own ssh transport.
final class SSHSubtransport {
    private let transport: UnsafeMutablePointer<git_transport>?
    private var current: SSHStream?

    private init(transport: UnsafeMutablePointer<git_transport>?) {
        self.transport = transport
    }

    /// Registers the transport for every ssh scheme; `Git.initialized` calls it once.
    static func register() {
        for scheme in ["ssh", "ssh+git", "git+ssh"] {
            git_transport_register(scheme, { out, owner, _ in
                git_transport_smart(out, owner, SSHSubtransport.definition)
            }, nil)
        }
    }

    /// Stateful (not RPC): one connection carries the whole exchange.
    nonisolated(unsafe) static let definition: UnsafeMutablePointer<git_smart_subtransport_definition> = {
        let definition = UnsafeMutablePointer<git_smart_subtransport_definition>.allocate(capacity: 1)
        definition.initialize(to: git_smart_subtransport_definition(callback: { out, owner, _ in
            let raw = UnsafeMutablePointer<trove_ssh_subtransport>.allocate(capacity: 1)
            raw.initialize(to: trove_ssh_subtransport())
            raw.pointee.transport = owner
            raw.pointee.owner = Unmanaged.passRetained(SSHSubtransport(transport: owner)).toOpaque()
            raw.pointee.parent.action = { out, subtransport, url, service in
                SSHSubtransport.of(subtransport).action(out, url: url.map { String(cString: $0) } ?? "", service: service)
            }
            raw.pointee.parent.close = { _ in 0 }
            raw.pointee.parent.free = { subtransport in
                guard let subtransport else { return }
                let raw = UnsafeMutableRawPointer(subtransport).assumingMemoryBound(to: trove_ssh_subtransport.self)
                Unmanaged<SSHSubtransport>.fromOpaque(raw.pointee.owner).release()
                raw.deinitialize(count: 1)
                raw.deallocate()
            }
            out?.pointee = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: git_smart_subtransport.self)
            return 0
        }, rpc: 0, param: nil))
        return definition
    }()

    private static func of(_ pointer: UnsafeMutablePointer<git_smart_subtransport>?) -> SSHSubtransport {
        let raw = UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: trove_ssh_subtransport.self)
        return Unmanaged<SSHSubtransport>.fromOpaque(raw.pointee.owner).takeUnretainedValue()
    }

    private func action(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_smart_subtransport_stream>?>?,
                        url: String, service: git_smart_service_t) -> Int32 {
        out?.pointee = nil
        switch service {
        case GIT_SERVICE_UPLOADPACK_LS, GIT_SERVICE_RECEIVEPACK_LS:
            // A new listing is a new connection (libgit2 frees the old stream first).
            let context = transferContext
            do {
                let stream = try SSHStream(owner: self, url: context?.url ?? url,
                                           service: service == GIT_SERVICE_UPLOADPACK_LS ? "git-upload-pack" : "git-receive-pack",
                                           context: context)
                current = stream
                out?.pointee = stream.pointer
                return 0
            } catch let error as TransferError {
                context?.failure = error
                git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), error.description)
                return -1
            } catch {
                git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), "\(error)")
                return -1
            }
        default:
            // The pack step goes on the listing's connection (also when libgit2 says goodbye after a push).
            guard let current else {
                git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "the ssh connection was not opened")
                return -1
            }
            out?.pointee = current.pointer
            return 0
        }
    }

    /// Called by the stream when libgit2 frees it.
    fileprivate func streamFreed(_ stream: SSHStream) {
        if current === stream { current = nil }
    }

    /// The `TransferContext` Trove installed as the callbacks' payload: the key, known_hosts, and where a
    /// failure is left for the caller.
    private var transferContext: TransferContext? {
        guard let transport else { return nil }
        var options = git_remote_connect_options()
        guard git_remote_connect_options_init(&options, UInt32(GIT_REMOTE_CONNECT_OPTIONS_VERSION)) == 0,
              git_transport_remote_connect_options(&options, transport) == 0
        else { return nil }
        defer { git_remote_connect_options_dispose(&options) }
        // Every fetch, push and clone of Trove installs its TransferContext as the payload (`TransferContext.install`).
        guard let payload = options.callbacks.payload else { return nil }
        return Unmanaged<TransferContext>.fromOpaque(payload).takeUnretainedValue()
    }
}

/// One ssh child's pipes, as libgit2's `git_smart_subtransport_stream`.
private final class SSHStream {
    let pointer: UnsafeMutablePointer<git_smart_subtransport_stream>
    private weak var owner: SSHSubtransport?
    private let process: SSHProcess
    private let failure: SSHFailure
    private let context: TransferContext?

    init(owner: SSHSubtransport, url: String, service: String, context: TransferContext?) throws {
        let security = context?.security ?? TransferSecurity()
        guard let address = SSHAddress(url: url) else {
            throw TransferError.unreachable(url: url, reason: "it is not an ssh address Trove can use (ssh://[USER@]HOST[:PORT]/PATH or [USER@]HOST:PATH)")
        }
        if let identity = security.identityFile {
            guard FileManager.default.fileExists(atPath: identity) else { throw TransferError.noIdentity(path: identity) }
            switch PrivateKeyFile.inspect(identity) {
            case .usable, .encrypted: break  // ssh asks for the passphrase, or ssh-agent has it
            case .unreadable:
                throw TransferError.unusableIdentity(path: identity, reason: "it cannot be read (check its permissions)")
            case .notAKey:
                throw TransferError.unusableIdentity(path: identity, reason: "it is not an ssh private key; pass the private key "
                    + "(not its .pub file), or make one with 'ssh-keygen -t ed25519'")
            }
        }
        let command = SSHCommand(address: address, security: security)
        do {
            process = try SSHProcess(arguments: command.arguments(service: service))
        } catch {
            throw TransferError.unreachable(url: url, reason: "\(error)")
        }
        self.owner = owner
        self.context = context
        failure = SSHFailure(address: address, url: url, command: command)
        let raw = UnsafeMutablePointer<trove_ssh_stream>.allocate(capacity: 1)
        raw.initialize(to: trove_ssh_stream())
        pointer = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: git_smart_subtransport_stream.self)
        raw.pointee.parent.subtransport = nil
        raw.pointee.parent.read = { stream, buffer, size, read in
            SSHStream.of(stream).read(into: buffer, size: size, read: read)
        }
        raw.pointee.parent.write = { stream, buffer, length in
            SSHStream.of(stream).write(buffer, length: length)
        }
        raw.pointee.parent.free = { stream in
            guard let stream else { return }
            let raw = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: trove_ssh_stream.self)
            let object = Unmanaged<SSHStream>.fromOpaque(raw.pointee.owner)
            object.takeUnretainedValue().close()
            object.release()
            raw.deinitialize(count: 1)
            raw.deallocate()
        }
        raw.pointee.owner = Unmanaged.passRetained(self).toOpaque()
    }

    private static func of(_ pointer: UnsafeMutablePointer<git_smart_subtransport_stream>?) -> SSHStream {
        let raw = UnsafeMutableRawPointer(pointer!).assumingMemoryBound(to: trove_ssh_stream.self)
        return Unmanaged<SSHStream>.fromOpaque(raw.pointee.owner).takeUnretainedValue()
    }

    private func read(into buffer: UnsafeMutablePointer<CChar>?, size: Int, read: UnsafeMutablePointer<Int>?) -> Int32 {
        read?.pointee = 0
        guard let buffer else { return -1 }
        let got = process.read(into: buffer, count: size)
        if got > 0 {
            read?.pointee = got
            return 0
        }
        // The end of ssh's output before libgit2 expected it: ssh or the server gave up, and said why.
        return fail()
    }

    private func write(_ buffer: UnsafePointer<CChar>?, length: Int) -> Int32 {
        guard let buffer else { return -1 }
        return process.write(buffer, count: length) ? 0 : fail()
    }

    /// Reaps ssh and leaves the reason for the caller; -1 for libgit2.
    private func fail() -> Int32 {
        let stderr = process.finish()
        let error = failure.error(stderr: stderr, exitCode: process.exitCode, signal: process.signal)
        context?.failure = error
        git_error_set_str(Int32(GIT_ERROR_SSH.rawValue), error.description)
        return -1
    }

    private func close() {
        process.finish()
        owner?.streamFreed(self)
    }
}
