import Foundation
import Testing
import TroveSystem

struct FilePathTests {
    @Test("the folder of a path is what NSString says, and one character is not a crash")
    func folderOfAPath() {
        let cases: [(String, String)] = [
            ("a", ""), ("-", ""), ("é", ""), (".", ""), ("a/", ""), ("", ""), ("items.csv", ""),
            ("/", "/"), ("/a", "/"), ("//a", "/"), ("b/a", "b"), ("ab/c", "ab"), ("x/y/z.json", "x/y"),
            ("/tmp/trove/store", "/tmp/trove"), ("x/y/", "x"), ("x//y", "x"), ("./a", "."),
        ]
        for (path, folder) in cases {
            #expect(FilePath.folder(of: path) == folder, "\(path)")
        }
        // Beside Foundation where it does not crash (a path of two characters and more, or with a slash first).
        for (path, _) in cases where path.count > 1 && path != "a/" && path != "x//y" {
            #expect(FilePath.folder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }
}
