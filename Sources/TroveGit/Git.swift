import CGit2
import Foundation

/// Process-wide libgit2 set-up.
public enum Git {
    /// Initialises libgit2 once per process; every entry point calls it.
    static let initialized: Void = {
        git_libgit2_init()
        // No re-hash of every object read (libgit2's collision-detecting SHA-1 cost a catch-up a sixth of
        // its time): zlib's checksum already catches damaged data, and `trove check` re-hashes everything.
        trove_git_enable_strict_hash_verification(0)
        // libgit2 caches only trees under 4 KB, and a store's collection folders are bigger: without
        // this every lookup by path inflates them again (most of a bulk import's time).
        trove_git_set_cache_object_limit(GIT_OBJECT_TREE, 4 << 20)
        // ssh remotes go through the system's ssh program, not libssh2.
        SSHSubtransport.register()
    }()

    /// Starts libgit2's set-up on another thread, so that it overlaps the caller's own start-up.
    ///
    /// Setting up reads and parses every CA certificate of the machine (for https remotes), about 10 ms
    /// that every command would otherwise wait for before opening its store.
    public static func prepareInBackground() {
        preparing = true
        Thread {
            _ = initialized
            prepared.signal()
        }.start()
    }

    /// Waits for `prepareInBackground`'s set-up to end. The process must not exit while it runs: the exit
    /// handlers (OpenSSL's clean-up) freed locks the set-up was using, which crashed one `trove --version` in
    /// about 150. Call from the thread that called `prepareInBackground`, before it exits.
    public static func finishPreparing() {
        guard preparing else { return }
        prepared.wait()
        preparing = false
    }

    private static let prepared = DispatchSemaphore(value: 0)
    nonisolated(unsafe) private static var preparing = false

    /// Makes libgit2 ignore the machine's and the user's git configuration.
    ///
    /// Tests call this so that `~/.gitconfig` (a `url.insteadOf`, a user name)
    /// cannot change their outcome.
    /// Safe to call from many threads at once (test suites do, from their initialisers): the
    /// search paths are set once, because resetting them while another thread opens a
    /// repository's configuration would be a data race inside libgit2.
    public static func isolateFromGlobalConfiguration() {
        _ = isolated
    }

    private static let isolated: Void = {
        _ = initialized
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            trove_git_set_search_path(level.rawValue, "")
        }
    }()

    /// Turns fsync of objects, refs and the index on or off, for durability against power loss.
    public static func setFsync(_ enabled: Bool) {
        _ = initialized
        trove_git_enable_fsync_gitdir(enabled ? 1 : 0)
    }

    /// libgit2's version, e.g. "1.5.1".
    public static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }
}
