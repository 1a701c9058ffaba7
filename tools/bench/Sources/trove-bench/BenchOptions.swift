import Foundation

/// Command-line options of the benchmark.
struct BenchOptions {
    var sizes = [1_000, 10_000, 100_000]
    var puts = 31
    var work = NSTemporaryDirectory() + "trove-bench"
    var suite = "all"
    /// The suites `--suite` takes; `all` runs every one.
    static let suites = ["store", "sync", "hubs", "encrypted", "index", "journal", "dogs", "calendar", "items", "imports", "formats", "startup", "all"]
    static var usage: String {
        "usage: trove-bench [--suite \(suites.joined(separator: "|"))] [--sizes 1000,10000,100000] [--puts N] [--work DIR]"
    }
    /// The trove binary beside this one, to time whole commands.
    var trove: String? = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.deletingLastPathComponent().path + "/trove"
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }()

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { print(Self.usage); exit(0) }
            guard let value = rest.popFirst() else {
                FileHandle.standardError.write(Data("\(flag) needs a value\n\(Self.usage)\n".utf8)); exit(2)
            }
            switch flag {
            case "--sizes": sizes = value.split(separator: ",").compactMap { Int($0) }
            case "--puts": puts = Int(value) ?? puts
            case "--work": work = value
            case "--suite":
                guard Self.suites.contains(value) else {
                    FileHandle.standardError.write(Data("unknown suite \(value) (\(Self.suites.joined(separator: ", ")))\n".utf8)); exit(2)
                }
                suite = value
            default: FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8)); exit(2)
            }
        }
    }
}
