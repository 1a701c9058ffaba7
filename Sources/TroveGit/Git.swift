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
        // Memory that does not grow with the store (issue 25). libgit2 maps packs in windows of 1 GB, up to
        // 8 GB, and keeps what it read mapped: a catch-up reading every record of a 1,000,000-entry import
        // touched the whole 600 MB pack, all of it counted as the process's memory. Windows of 8 MB, at most
        // 32 MB mapped, cost a catch-up of 200,000 records nothing measurable.
        trove_git_set_mwindow_size(8 << 20)
        trove_git_set_mwindow_mapped_limit(32 << 20)
        // The object cache (trees, commits) is held to 8 MB, not libgit2's 256 MB: a 1,000,000-record store's
        // folders are about 56 MB together, and the index's catch-up after an import walks each of them once,
        // so a larger cache only grew with the store (most of the catch-up's growth, issue 25).
        trove_git_set_cache_max_size(8 << 20)
        // ssh remotes go through the system's ssh program, not libssh2.
        SSHSubtransport.register()
    }()

    /// Starts libgit2's set-up on another thread, so that it overlaps the caller's own start-up.
    ///
    /// The set-up (mbedTLS's random generator, the options above) overlaps the parsing of the command line;
    /// it no longer reads the machine's CA certificates (`CALoading`), which was 7-10 ms that every command
    /// waited for before opening its store. A process that started it must leave through `exitNow`, never `exit`.
    public static func prepareInBackground() {
        Thread { _ = initialized }.start()
    }

    /// Ends the process with `status` at once, without waiting for `prepareInBackground`'s set-up.
    ///
    /// `exit` would run the exit handlers (OpenSSL's clean-up frees locks the set-up may still be using,
    /// which crashed one `trove --version` in about 150), and waiting for the set-up to end cost a
    /// command that never touches git, such as `trove --version`, 9 of its 19 ms. Nothing Trove needs
    /// is left to an exit handler: output is written unbuffered, files are synced and renamed before a
    /// command returns, so only C's buffered streams are flushed here.
    public static func exitNow(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

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
