import Foundation
import TroveGit
import TroveJSON
import TroveStore

// The benchmarks of the store (issue 2), sync (issue 3), the index (issue 4), journals (issue 6), dogs (issue 7), calendars (issue 8) and tracked items (issue 10). Run by tools/bench/run in a release build; prints its figures.
// Usage: trove-bench [--suite store|sync|hubs|encrypted|index|journal|dogs|calendar|items|imports|formats|startup|all] [--sizes 1000,10000,100000] [--puts N] [--work DIR]

let options = BenchOptions(CommandLine.arguments.dropFirst())
Git.isolateFromGlobalConfiguration()
let work = options.work
// Deleting many files leaves ext4 slow to create files for minutes afterwards: it passes over inodes freed in the
// last 60-300 s (`recently_deleted`, 15 % of an import's samples in perf after a deletion; the import's system time
// 0.9 -> 14 s). So a timed phase never follows a deletion: an old work folder is moved aside and deleted at the end.
let oldWork = work + ".old-\(getpid())"
try? FileManager.default.moveItem(atPath: work, toPath: oldWork)
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
print("Trove store benchmark (libgit2 \(Git.version)); work folder \(work)")
print("")

var report = Report()
if options.suite == "store" || options.suite == "all" {
    try report.singlePuts(sizes: options.sizes, puts: options.puts, work: work, trove: options.trove)
    try report.bulkTransaction(count: 10_000, work: work)
}
if options.suite == "index" || options.suite == "all" {
    try report.index(size: options.sizes.max() ?? 100_000, work: work, trove: options.trove)
}
if options.suite == "journal" || options.suite == "all" {
    try report.journal(size: options.sizes.max() ?? 100_000, work: work, trove: options.trove)
}
if options.suite == "dogs" || options.suite == "all" {
    try report.dogs(size: options.sizes.max() ?? 100_000, work: work, trove: options.trove)
}
if options.suite == "calendar" || options.suite == "all" {
    try report.calendar(work: work, trove: options.trove)
}
if options.suite == "items" || options.suite == "all" {
    try report.items(reports: 1_000_000, work: work, trove: options.trove)
}
if options.suite == "hubs" || options.suite == "all" {
    try report.hubs(records: options.sizes.max() ?? 100_000, work: work, trove: options.trove)
}
if options.suite == "startup" || options.suite == "all" {
    try report.startup(trove: options.trove, work: work)
}
if options.suite == "imports" || options.suite == "all" {
    // The largest size and ten times it: the second shows whether the import's memory is bounded.
    let largest = options.sizes.max() ?? 100_000
    try report.bigImports(sizes: [largest, 10 * largest], work: work, trove: options.trove)
}
if options.suite == "formats" || options.suite == "all" {
    try report.formatImports(points: 500_000, events: 100_000, dayOneEntries: 100_000, photos: 10_000, work: work, trove: options.trove)
}
if options.suite == "encrypted" || options.suite == "all" {
    try report.encryptedHubs(records: options.sizes.max() ?? 100_000, changed: 10_000, work: work, trove: options.trove)
}
if options.suite == "sync" || options.suite == "all" {
    try report.divergedMerge(records: 20_000, changed: 5_000, overlap: 1_000, work: work)
    try report.idleSync(records: options.sizes.max() ?? 100_000, work: work, trove: options.trove)
}
report.print()
for leftover in (try? FileManager.default.contentsOfDirectory(atPath: (work as NSString).deletingLastPathComponent)) ?? []
where leftover.hasPrefix((work as NSString).lastPathComponent + ".old-") {
    try? FileManager.default.removeItem(atPath: (work as NSString).deletingLastPathComponent + "/" + leftover)
}
