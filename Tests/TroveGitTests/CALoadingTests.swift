import Foundation
import Testing
@testable import TroveGit

/// Issue 25: libgit2's set-up no longer parses the system's CA bundle, which every command waited for; an https
/// remote still gets its chain from `TLSSetup` (the https sync tests).
@Suite("libgit2's set-up reads no CA certificates",
       .enabled(if: FileManager.default.fileExists(atPath: TLSSetup.systemBundle), "Debian's libgit2 reads the bundle only when it is there"))
struct CALoadingTests {
    @Test("the set-up's read of the bundle reaches Trove's wrapper (the linker's --wrap is in place) and is left undone")
    func setUpSkipsTheBundle() {
        _ = Git.initialized
        #expect(CALoading.skippedReads >= 1)
        #expect(!CALoading.allowed)
    }
}
