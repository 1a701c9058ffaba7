import Foundation
import Testing
import TroveTestSupport

@Suite("journals and entries through the trove command")
struct JournalCommandTests {
    let fixture: CLIFixture
    init() throws { fixture = try CLIFixture() }

    static let photos = StoreAudit.packageRoot + "/../shared/fixtures/dayone/dev-journal/photos"

    func write(_ arguments: String..., input: String? = nil) throws -> String {
        let output = try fixture.cli.run(arguments + ["--json"], input: input)
        try #require(output.status == 0, "\(arguments): \(output.stderr)")
        return try #require((parseJSON(output.stdout) as? [String: Any])?["id"] as? String)
    }

    @Test("write, list newest first, filter, show and remove entries")
    func entryLife() throws {
        try #require(fixture.trove("journal", "new", "Travels", "--public").status == 0)
        try #require(fixture.trove("journal", "new", "Days").status == 0)
        let old = try write("entry", "new", "Paris in the rain.", "--journal", "Travels", "--tag", "paris", "--date", "2025-03-01 09:00",
                            "--photo", Self.photos + "/6b73e9bd86a91d3a7ead09268b0fb266.jpeg", "--photo", Self.photos + "/31c871f18f68d2fde4196ccba1f8ece1.jpeg",
                            "--at", "48.8566,2.3522", "--place", "Paris", "--star")
        let new = try write("entry", "new", "-", "--journal", "days", "--tag", "walk", input: "# Fog\n\nA grey walk.\n")
        let list = try fixture.trove("entry", "list")
        #expect(list.status == 0, "\(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains(new.prefix(13)) && lines[0].contains("Fog") && lines[1].contains("Paris in the rain"))
        #expect(lines[1].contains("★") && lines[1].contains("#paris") && lines[1].contains("Travels"))
        #expect(try fixture.trove("entry", "list", "--starred").stdout.split(separator: "\n").count == 1)
        #expect(try fixture.trove("entry", "list", "--from", "2025-03-01", "--to", "2025-03-01").stdout.contains("Paris"))
        #expect(try fixture.trove("entry", "list", "--to", "2025-02-28").stdout.contains("No entries match"))
        #expect(try fixture.trove("entry", "list", "--tag", "walk").stdout.contains("Fog"))
        let show = try fixture.trove("entry", "show", String(old.prefix(13)))
        #expect(show.stdout.contains("Paris in the rain.") && show.stdout.contains("2. 31c871f18f68") == false)
        #expect(show.stdout.contains("Travels") && show.stdout.contains("48.85660, 2.35220"))
        let json = try #require(parseJSON(try fixture.trove("entry", "show", old, "--json").stdout) as? [String: Any])
        #expect((json["photos"] as? [[String: Any]])?.count == 2)
        #expect(try fixture.trove("tags").stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) } == [["paris", "1"], ["walk", "1"]])
        #expect(try fixture.trove("timeline").stdout.contains("Latest entries"))
        // A script must say --yes.
        #expect(try fixture.trove("entry", "rm", new).status == 1)
        #expect(try fixture.trove("entry", "rm", new, "--yes").status == 0)
        #expect(try fixture.trove("entry", "show", new).stderr.contains("no entry with id \(new)"))
        try fixture.expectClean()
        #expect(try StoreAudit.schemaProblems(in: fixture.store) == [])
    }

    @Test("bad input through the command: a clear message, exit 1, and no commit")
    func badInput() throws {
        try #require(fixture.trove("journal", "new", "Days").status == 0)
        let log = try fixture.gitLog()
        let cases: [([String], String)] = [
            (["entry", "new", ""], "the entry is empty"),
            (["entry", "new", "Hi", "--photo", "/etc/hostname"], "is not an image"),
            (["entry", "new", "Hi", "--date", "31/12/2026"], "'31/12/2026' is not a date"),
            (["entry", "new", "Hi", "--at", "48.8,200"], "longitude 200.0 is out of range"),
            (["entry", "new", "Hi", "--at=-95,2"], "latitude -95.0 is out of range"),
            (["entry", "new", "Hi", "--journal", "Nope"], "no journal called 'Nope' (journals: Days)"),
            (["journal", "new", "days"], "a journal called 'days' already exists"),
        ]
        for (arguments, message) in cases {
            let output = try fixture.cli.run(arguments)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        #expect(try fixture.gitLog() == log)
        try fixture.expectClean()
    }

    @Test("the short media hash entry show prints is one media cat takes, ellipsis and all")
    func shortMediaHash() throws {
        let photo = Self.photos + "/31c871f18f68d2fde4196ccba1f8ece1.jpeg"
        let id = try #require(fixture.trove("entry", "new", "Frost.", "--photo", photo).stdout.split(separator: " ").dropFirst(2).first.map(String.init))
        let show = try fixture.trove("entry", "show", id)
        let short = try #require(show.stdout.firstMatch(of: #/1\. ([0-9a-f]{12})…/#)).output.1
        for typed in [String(short), String(short) + "…"] {
            let cat = try fixture.trove("media", "cat", typed)
            #expect(cat.status == 0, "media cat \(typed): \(cat.stderr)")
            #expect(Data(cat.stdout.utf8).count > 0)
        }
        let bytes = try ProcessRunner.run("/usr/bin/env", ["sh", "-c", "\"$0\" media cat \(short) | cmp - '\(photo)'", TroveCLI.executable],
                                          environment: fixture.cli.environment)
        #expect(bytes.status == 0, "the bytes are the photo's: \(bytes.stdout)\(bytes.stderr)")
        #expect(try fixture.trove("media", "cat", "abc").stderr.contains("6 or more characters"))
    }

    @Test("an account's whole life through the command")
    func accountLife() throws {
        let password = "correct horse battery\n"
        #expect(try fixture.trove("account", "create", "ada", "--email", "ada@example.com", "--password-stdin", input: "tooshort\n")
            .stderr.contains("at least 10 characters"))
        try #require(fixture.trove("account", "create", "ada", "--email", "ada@example.com", "--password-stdin", input: password).status == 0)
        // Once there is an account, signed out nobody can make another (and so sign in to this store).
        let intruder = try fixture.trove("account", "create", "bob", "--email", "bob@example.com", "--password-stdin", input: password)
        #expect(intruder.status == 1 && intruder.stderr.contains("sign in first"), "\(intruder.stderr)")
        // Who am I, signed out: nobody, as an answer rather than a refusal.
        let nobody = try fixture.trove("whoami")
        #expect(nobody.status == 0 && nobody.stdout.contains("Nobody is signed in"), "\(nobody.stdout)\(nobody.stderr)")
        // Signed out, the store refuses; sync alone still runs.
        let refused = try fixture.trove("entry", "list")
        #expect(refused.status == 1 && refused.stderr.contains("sign in first with 'trove login'"))
        #expect(try fixture.trove("sync").status == 0)
        #expect(try fixture.trove("login", "bob@example.com", "--password-stdin", input: password).stderr.contains("no account with that email"))
        for left in ["2 more tries", "1 more try", "sign-in is locked for 60 seconds"] {
            #expect(try fixture.trove("login", "ada@example.com", "--password-stdin", input: "wrong password\n").stderr.contains(left))
        }
        #expect(try fixture.trove("login", "ada@example.com", "--password-stdin", input: password).stderr.contains("try again in"))
        try FileManager.default.removeItem(atPath: fixture.store + "/.git/trove/sign-in.json")  // as if the minute had passed
        #expect(try fixture.trove("login", "ada@example.com", "--password-stdin", "--idle-timeout", "30m", input: password).status == 0)
        let session = try FileManager.default.attributesOfItem(atPath: fixture.store + "/.git/trove/session.json")
        #expect((session[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try fixture.trove("whoami").stdout.contains("ada (ada@example.com)"))
        #expect(try fixture.trove("account", "create", "ada", "--email", "x@example.com", "--password-stdin", input: password).stderr.contains("username 'ada' is taken"))
        #expect(try fixture.trove("entry", "new", "Signed in.").status == 0)
        #expect(try fixture.trove("profile", "set", "bio", "Writes every morning.").status == 0)
        #expect(try fixture.trove("profile", "avatar", "/etc/hostname").stderr.contains("is not an image"))
        #expect(try fixture.trove("profile", "avatar", Self.photos + "/31c871f18f68d2fde4196ccba1f8ece1.jpeg").status == 0)
        #expect(try fixture.trove("profile").stdout.contains("Writes every morning."))
        #expect(try fixture.trove("passwd", "--password-stdin", input: "correct horse battery\nnew horse battery\n").status == 0)
        #expect(try fixture.trove("logout").stdout.contains("Signed out ada"))
        #expect(try fixture.trove("entry", "list").status == 1)
        #expect(try fixture.trove("login", "ada@example.com", "--password-stdin", input: password).stderr.contains("incorrect password"))
        #expect(try fixture.trove("login", "ada@example.com", "--password-stdin", input: "new horse battery\n").status == 0)
        // Nothing anywhere in the store holds a password.
        let grep = try fixture.git("grep", "-I", "horse battery", "HEAD")
        #expect(grep.stdout.isEmpty)
    }

    @Test("two processes taking one username at once: one account is made, the other is told it is taken")
    func sameUsernameAtOnce() throws {
        let cli = fixture.cli
        let lock = NSLock()
        nonisolated(unsafe) var results: [ProcessOutput] = []
        DispatchQueue.concurrentPerform(iterations: 2) { number in
            if let output = try? cli.run(["account", "create", "ada", "--email", "ada\(number)@example.com", "--password-stdin"],
                                         input: "correct horse battery\n") {
                lock.withLock { results.append(output) }
            }
        }
        #expect(results.map(\.status).sorted() == [0, 1], "\(results.map(\.stderr))")
        #expect(results.contains { $0.stderr.contains("the username 'ada' is taken") })
        // Signed out, `account list` would refuse: count the account files with git.
        let files = try fixture.git("ls-tree", "-r", "--name-only", "HEAD", "accounts").stdout.split(separator: "\n")
        #expect(files.count == 1)
    }

    @Test("a temporary password is changed at first sign-in")
    func temporaryPassword() throws {
        try #require(fixture.trove("account", "create", "sam", "--email", "sam@example.com", "--temporary", "--password-stdin", input: "given by ada\n").status == 0)
        let refused = try fixture.trove("login", "sam@example.com", "--password-stdin", input: "given by ada\n")
        #expect(refused.status == 1 && refused.stderr.contains("temporary"))
        #expect(try fixture.trove("login", "sam@example.com", "--password-stdin", input: "given by ada\nsam's own secret\n").status == 0)
        #expect(try fixture.trove("whoami").stdout.contains("sam"))
        #expect(try fixture.trove("logout").status == 0)
        #expect(try fixture.trove("login", "sam@example.com", "--password-stdin", input: "sam's own secret\n").status == 0)
    }
}
