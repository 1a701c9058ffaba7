import Testing
import TroveStore

/// Which paths in a store's tree are record files, and what they name.
struct StoreLayoutTests {
    @Test func aRecordPathIsCollectionFanOutAndIdDotJSON() {
        let parsed = StoreLayout.parseRecordPath("entries/01/0192f3a1-7b2c-7def-8123-456789abcdef.json")
        #expect(parsed?.collection == "entries")
        #expect(parsed?.id == "0192f3a1-7b2c-7def-8123-456789abcdef")
        #expect(StoreLayout.parseRecordPath("entries/01/é.json")?.id == "é")
    }

    @Test func otherPathsAreNotRecords() {
        for path in ["entries/01/x.txt", "entries/x.json", "entries/01/02/x.json", "media/ab/x.json", "logs/01/x.json",
                     "trove.json", "", "/", "//", "entries//x.json.bak", "entries/01/json"] {
            #expect(StoreLayout.parseRecordPath(path) == nil, "\(path)")
        }
        // An empty first or middle part is still three parts, as the writer never makes them.
        #expect(StoreLayout.parseRecordPath("entries//x.json")?.id == "x")
    }
}
