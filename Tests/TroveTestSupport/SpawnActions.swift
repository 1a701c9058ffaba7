import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Spawn file actions the test support's own `posix_spawn` calls share.
enum SpawnActions {
    /// Adds "close every descriptor from 3 up" to `actions`, so that a child holds nothing the test process has
    /// open: a descriptor another test opened without close-on-exec (a lock file) would otherwise stay open in a
    /// server or terminal session that outlives that test. glibc 2.34 has `posix_spawn_file_actions_addclosefrom_np`,
    /// which Swift's Glibc module does not declare, hence the lookup; without it, nothing is added.
    static func closeInherited(_ actions: inout posix_spawn_file_actions_t) {
        guard let closeFrom = addCloseFrom else { return }
        _ = closeFrom(&actions, 3)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}
