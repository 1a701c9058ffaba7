import Foundation

/// The iCalendar fixtures in `shared/fixtures/ics`, found like `DayOneFixtures`.
enum ICSFixtures {
    static var folder: String? { DayOneFixtures.root.map { $0 + "/ics" } }

    /// Every `.ics` fixture's file name, sorted.
    static var names: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    static func path(_ name: String) -> String { (folder ?? "/nonexistent") + "/" + name }
}
