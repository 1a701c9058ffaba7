import CGit2

/// A repository's configuration (`.git/config` and, unless isolated, the user's).
public final class Config {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }

    deinit { git_config_free(pointer) }

    /// The string value of `name` (e.g. `user.name`), or `nil` when unset.
    public func string(_ name: String) -> String? {
        var buffer = git_buf()
        guard git_config_get_string_buf(&buffer, pointer, name) == 0 else { return nil }
        defer { git_buf_dispose(&buffer) }
        return String(cString: buffer.ptr)
    }

    /// Sets `name` in the repository's own config file.
    public func set(_ name: String, _ value: String) throws {
        try check(git_config_set_string(pointer, name, value), "set \(name)")
    }

    /// Removes `name`; an unset name is not an error.
    public func remove(_ name: String) throws {
        let result = git_config_delete_entry(pointer, name)
        if result == GIT_ENOTFOUND.rawValue { return }
        try check(result, "unset \(name)")
    }

    /// All entries whose names match a regular expression, e.g. `^remote\..*\.url$`.
    public func entries(matching pattern: String) throws -> [(name: String, value: String)] {
        var iterator: OpaquePointer?
        try check(git_config_iterator_glob_new(&iterator, pointer, pattern), "read config")
        defer { git_config_iterator_free(iterator) }
        var found: [(String, String)] = []
        var entry: UnsafeMutablePointer<git_config_entry>?
        while git_config_next(&entry, iterator) == 0, let entry {
            found.append((String(cString: entry.pointee.name), String(cString: entry.pointee.value)))
        }
        return found
    }
}

extension Repository {
    /// The repository's configuration, including global and system files unless isolated.
    public func config() throws -> Config {
        var raw: OpaquePointer?
        try check(git_repository_config(&raw, pointer), "open config")
        return Config(pointer: raw!)
    }

    /// Only the repository's own `.git/config`, for writing.
    public func localConfig() throws -> Config {
        let all = try config()
        var local: OpaquePointer?
        try check(git_config_open_level(&local, all.pointer, GIT_CONFIG_LEVEL_LOCAL), "open .git/config")
        return Config(pointer: local!)
    }
}
