// swift-tools-version:6.0
import PackageDescription

/// The record schemas under Formats/schemas, embedded into TroveFormats.
let formatSchemas = [
    "common", "account", "profile", "settings", "journal", "entry", "dog", "business",
    "calendar", "event", "task", "quote", "day-image", "contact", "group", "member",
    "group-post", "invitation", "event-invitation", "notification", "item", "tracker", "tracker-report",
]

let package = Package(
    name: "Trove",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "trove", targets: ["trove"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // Floor 1: C libraries and pure Swift building blocks.
        .systemLibrary(
            name: "CGit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        .systemLibrary(
            // Not "CZlib": ZIPFoundation's own zlib module has that name.
            name: "CTroveZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            // The HTML export's Markdown: CommonMark with GitHub's extensions (tables, strikethrough, autolinks, task lists).
            name: "CCmarkGFM",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CICal",
            providers: [.apt(["libical-dev"])]
        ),
        .systemLibrary(
            // scrypt only, for age's passphrase recipient (the recovery phrase of an encrypted hub).
            name: "CSodium",
            providers: [.apt(["libsodium-dev"])]
        ),
        // age v1 files (https://age-encryption.org/v1): the container of an encrypted hub's files.
        .target(name: "TroveAge", dependencies: ["CSodium", .product(name: "Crypto", package: "swift-crypto")]),
        // A memory-safe Swift face over libical: parsing, times and zones, recurrence, writing.
        .target(name: "TroveICal", dependencies: ["CICal", "TroveParallel"],
                // CLDR's Windows zone names, embedded as bytes so a `trove` binary needs no resource folder.
                resources: [.embedInCode("Resources/windowsZones.tsv")]),
        .target(name: "TroveJSON"),
        // Work spread over the machine's cores: a map in chunks, and a map pipelined beside the calling thread.
        .target(name: "TroveParallel"),
        // What Trove asks of the machine beneath git: the user's home and XDG folders.
        .target(name: "TroveSystem"),
        .target(
            name: "TroveFormats",
            path: "Formats",
            exclude: ["README.md", "examples"],
            sources: ["Bundled.swift"],
            // One rule per file: this SwiftPM embeds a file, not a folder, so a rule naming
            // the folder fails with "Is a directory". A test checks the list is complete.
            resources: formatSchemas.map { .embedInCode("schemas/\($0).schema.json") }
        ),
        .target(
            name: "TroveGit",
            dependencies: ["CGit2", "CTroveZlib", "TroveSystem", "TroveParallel", .product(name: "Crypto", package: "swift-crypto")],
            // libgit2's set-up parses the system's CA bundle, 7-10 ms of every command's start, though only an https
            // remote needs it: these send mbedTLS's CA readers through TroveGit/Transport/CALoading.swift, which reads
            // them only for TLSSetup (issue 25).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=mbedtls_x509_crt_parse_file", "-Xlinker", "--wrap=mbedtls_x509_crt_parse_path"])]
        ),
        .target(name: "TroveMerge", dependencies: ["TroveJSON"]),
        .target(name: "TroveSchema", dependencies: ["TroveJSON", "TroveMerge", "TroveFormats"]),
        // Floor 2: records and media on git.
        .target(
            name: "TroveStore",
            dependencies: [
                "TroveGit", "TroveJSON", "TroveSchema", "TroveMerge", "TroveAge", "TroveParallel", "TroveICal", "TroveSystem",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Floor 2: the SQLite index, a cache of the records that is rebuilt at will.
        .target(
            name: "TroveIndex",
            dependencies: [
                "TroveStore", "TroveSchema", "TroveJSON", "TroveICal", "TroveSystem", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Floor 3: the domains: accounts and profiles, journals, dogs, calendars, items, contacts and groups.
        .target(
            name: "TroveKit",
            dependencies: [
                "TroveStore", "TroveSchema", "TroveGit", "TroveIndex", "TroveJSON", "TroveICal", "TroveSystem",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // Floor 4: importers and exporters, one folder per format (Day One, jrnl, Markdown and HTML).
        .target(
            name: "TroveInterchange",
            dependencies: ["TroveJSON", "TroveMerge", "TroveSchema", "TroveStore", "TroveIndex", "TroveKit", "TroveICal", "TroveParallel", "TroveSystem", "CCmarkGFM", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // Floor 5: the command tree, one-shot, scripts and the REPL.
        .systemLibrary(name: "CEdit", providers: [.apt(["libedit-dev"])]),
        .target(
            name: "TroveShell",
            dependencies: [
                "TroveStore", "TroveGit", "TroveIndex", "TroveSchema", "TroveKit", "TroveInterchange", "TroveSystem", "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "trove", dependencies: ["TroveShell", "TroveSystem"]),
        .executableTarget(name: "trove-bench", dependencies: ["TroveStore", "TroveIndex", "TroveKit", "TroveInterchange", "TroveTestSupport"], path: "tools/bench/Sources/trove-bench"),

        .target(name: "TroveTestSupport", path: "Tests/TroveTestSupport"),
        .testTarget(name: "TroveJSONTests", dependencies: ["TroveJSON", "TroveTestSupport"]),
        .testTarget(name: "TroveParallelTests", dependencies: ["TroveParallel"]),
        .testTarget(name: "TroveSystemTests", dependencies: ["TroveSystem"]),
        .testTarget(name: "TroveICalTests", dependencies: ["TroveICal", "TroveTestSupport"]),
        .testTarget(name: "TroveAgeTests", dependencies: ["TroveAge", "TroveTestSupport"]),
        .testTarget(name: "TroveGitTests", dependencies: ["TroveGit", "TroveTestSupport"]),
        .testTarget(name: "TroveMergeTests", dependencies: ["TroveMerge", "TroveJSON", "TroveTestSupport"]),
        .testTarget(name: "TroveSchemaTests", dependencies: ["TroveSchema", "TroveTestSupport"]),
        .testTarget(name: "TroveStoreTests", dependencies: ["TroveStore", "TroveGit", "TroveJSON", "TroveMerge", "TroveSchema", "TroveTestSupport"]),
        .testTarget(name: "TroveIndexTests", dependencies: ["TroveIndex", "TroveStore", "TroveSchema", "TroveFormats", "TroveGit", "TroveJSON", "TroveICal", "TroveTestSupport"]),
        .testTarget(name: "TroveKitTests", dependencies: ["TroveKit", "TroveStore", "TroveIndex", "TroveJSON", "TroveTestSupport"]),
        .testTarget(name: "TroveInterchangeTests", dependencies: [
            "TroveInterchange", "TroveICal", "TroveSchema", "TroveKit", "TroveStore", "TroveJSON", "TroveTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "TroveShellTests", dependencies: ["TroveShell", "TroveStore", "TroveKit", "TroveTestSupport"]),
        .testTarget(name: "TroveCLITests", dependencies: ["trove", "TroveTestSupport"]),
        .testTarget(name: "TroveSyncSSHTests", dependencies: ["TroveStore", "TroveGit", "TroveTestSupport", "trove"]),
        .testTarget(name: "TroveSyncHTTPSTests", dependencies: ["TroveStore", "TroveGit", "TroveJSON", "TroveTestSupport", "trove"]),
    ]
)

// Fuzz targets (Fuzz/, built and run by tools/fuzz): they exist only when TROVE_FUZZ is set, so a
// plain `swift build` or `swift test` neither builds nor instruments anything for them.
if Context.environment["TROVE_FUZZ"] != nil {
    // Only the libraries under test and the targets: the command line, the benchmarks and the tests are not built.
    let notFuzzed: Set<String> = ["TroveShell", "CEdit", "trove", "trove-bench", "TroveTestSupport"]
    package.targets.removeAll { $0.type == .test || notFuzzed.contains($0.name) }
    package.products.removeAll()
    // libFuzzer's coverage and AddressSanitizer, on the modules under test and the targets only:
    // the dependencies (GRDB, swift-crypto, ZIPFoundation) build as usual, which keeps the build short.
    // tools/fuzz builds the debug configuration, so -O here: optimized code under test, unoptimized
    // dependencies (they are linked, hardly run), in half the time of a release build of everything.
    let sanitizers = ["-sanitize=fuzzer,address"]
    let optimized: [SwiftSetting] = [.unsafeFlags(sanitizers + ["-O"])]
    let underTest: Set<String> = ["TroveJSON", "TroveMerge", "TroveSchema", "TroveGit", "TroveStore", "TroveICal", "TroveKit", "TroveInterchange"]
    for target in package.targets where underTest.contains(target.name) {
        // -enable-testing: the arriving target reads the store's internal classify and arriving-file rule.
        target.swiftSettings = (target.swiftSettings ?? []) + optimized + [.unsafeFlags(["-enable-testing"])]
    }
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Sources/FuzzSupport", swiftSettings: optimized))
    let fuzzTargets: [(name: String, modules: [Target.Dependency])] = [
        ("fuzz-json", ["TroveJSON"]),
        ("fuzz-schema", ["TroveJSON", "TroveSchema"]),
        ("fuzz-pattern", ["TroveSchema"]),
        ("fuzz-merge", ["TroveJSON", "TroveMerge", "TroveSchema"]),
        ("fuzz-safepath", ["TroveGit"]),
        ("fuzz-arriving", ["TroveGit", "TroveStore", "TroveJSON"]),
        ("fuzz-ics", ["TroveInterchange", "TroveJSON"]),
        ("fuzz-vcard", ["TroveInterchange", "TroveKit", "TroveStore", "TroveJSON"]),
        ("fuzz-gpx", ["TroveInterchange"]),
        ("fuzz-geojson", ["TroveInterchange"]),
        ("fuzz-csv", ["TroveInterchange"]),
        ("fuzz-jrnl", ["TroveInterchange"]),
        ("fuzz-dayone", ["TroveInterchange"]),
    ]
    for (name, modules) in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzSupport"] + modules, path: "Fuzz/Sources/\(name)",
            // No main of our own: libFuzzer's main calls LLVMFuzzerTestOneInput.
            swiftSettings: optimized + [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(sanitizers)]
        ))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
