import FuzzSupport
import TroveInterchange

/// The Day One reader: a journal's JSON file (`{"metadata": …, "entries": […]}`) and the text
/// rules it applies to entries (Markdown unescaping, dayone-moment links).
///
/// Any bytes give entries and problems or a `DayOneError`, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDayOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    if let journal = try? DayOneJournal(parsing: bytes, file: "Fuzz.json") {
        for entry in journal.entries { _ = DayOneText.momentIdentifiers(in: entry.text) }
    }
    let input = text(bytes)
    _ = DayOneText.unescape(input)
    // Both rewrites: a link kept with a new URL, and a whole link given way to text.
    _ = DayOneText.rewritingMoments(in: input) { _ in .url("media") }
    _ = DayOneText.rewritingMoments(in: input) { identifier in identifier.count % 2 == 0 ? .text("[missing]") : nil }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzzDayOne) } }
