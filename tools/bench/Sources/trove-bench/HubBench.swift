import Foundation
import TroveStore
import TroveTestSupport

/// Issue 21's figures: a store of `records` records synced over ssh to a real sshd on 127.0.0.1 (git-shell on the
/// server side, as on every git host), beside the git program doing the same over the same server in the same run.
extension Report {
    mutating func hubs(records: Int, work: String, trove: String?) throws {
        guard let program = trove else {
            lines.append("hubs: skipped (no trove binary beside trove-bench)")
            return
        }
        let folder = work + "/hubs"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try Store.create(at: folder + "/store")
        try store.transaction { transaction in
            for number in 0..<records { try transaction.put(Self.entry(number), type: "entry") }
        }
        // The git program's side: a plain clone of the same repository, which it pushes from.
        try Measure.run(["git", "clone", "-q", folder + "/store", folder + "/git-copy"], in: folder)
        for hub in ["trove-hub.git", "git-hub.git"] { try Measure.run(["git", "init", "-q", "--bare", "-b", "main", folder + "/" + hub], in: folder) }

        let server = try SSHServer()
        let ssh = "ssh -i \(server.clientKey) -o IdentitiesOnly=yes -o UserKnownHostsFile=\(server.knownHostsFile) -o BatchMode=yes"
        let environment = ["TROVE_KNOWN_HOSTS": server.knownHostsFile, "GIT_SSH_COMMAND": ssh]
        let troveHub = server.url(folder + "/trove-hub.git"), gitHub = server.url(folder + "/git-hub.git")
        func timeTrove(_ arguments: [String]) throws -> Double {
            try Measure.seconds { try Measure.run([program] + arguments + ["--identity", server.clientKey], in: folder, environment: environment) }
        }
        func timeGit(_ arguments: [String], in directory: String) throws -> Double {
            try Measure.seconds { try Measure.run(["git"] + arguments, in: directory, environment: environment) }
        }
        lines.append("hubs: a store of \(records) records over ssh (OpenSSH sshd, git-shell) and https (nginx, git http-backend) on 127.0.0.1, whole processes")

        // The first push of the whole store, to an empty hub, each side in turn; a one-off time on this
        // machine's file system varies by half, so each figure is the median of `rounds`.
        var pushes: [Double] = [], gitPushes: [Double] = []
        for round in 0..<Self.rounds {
            let (trove, git) = ("trove-first-\(round).git", "git-first-\(round).git")
            for hub in [trove, git] { try Measure.run(["git", "init", "-q", "--bare", "-b", "main", folder + "/" + hub], in: folder) }
            try Measure.run([program, "--store", folder + "/store", "remote", "add", "first\(round)", server.url(folder + "/" + trove)], in: folder)
            Measure.settle()
            pushes.append(try timeTrove(["--store", folder + "/store", "sync", "first\(round)"]))
            gitPushes.append(try timeGit(["push", "-q", server.url(folder + "/" + git), "main"], in: folder + "/git-copy"))
        }
        let (firstPush, gitFirstPush) = (Measure.median(pushes), Measure.median(gitPushes))
        lines.append("  first push: trove sync median \(Measure.format(firstPush)), git push median \(Measure.format(gitFirstPush)): \(Measure.ratio(firstPush, gitFirstPush)) (target <= 1.2 ×; \(Self.rounds) rounds)")
        try Measure.run([program, "--store", folder + "/store", "remote", "add", "hub", troveHub], in: folder)
        _ = try timeTrove(["--store", folder + "/store", "sync", "hub"])
        _ = try timeGit(["push", "-q", gitHub, "main"], in: folder + "/git-copy")

        // Nothing to do: trove sync against git fetch && git push.
        try Measure.run(["git", "remote", "add", "hub", gitHub], in: folder + "/git-copy")
        var ours: [Double] = [], theirs: [Double] = []
        for _ in 0..<7 {
            ours.append(try timeTrove(["--store", folder + "/store", "sync", "hub"]))
            theirs.append(try timeGit(["fetch", "-q", "hub"], in: folder + "/git-copy") + (try timeGit(["push", "-q", "hub", "main"], in: folder + "/git-copy")))
        }
        let (idle, gitIdle) = (Measure.median(ours), Measure.median(theirs))
        lines.append("  sync with nothing to do: trove sync median \(Measure.format(idle)), git fetch && git push median \(Measure.format(gitIdle)): \(Measure.ratio(idle, gitIdle)) (target <= 1.2 ×)")

        // A clone, checkout included, each side in turn.
        var clones: [Double] = [], gitClones: [Double] = []
        for round in 0..<Self.rounds {
            let (trove, git) = (folder + "/trove-clone-\(round)", folder + "/git-clone-\(round)")
            Measure.settle()
            clones.append(try timeTrove(["clone", troveHub, trove]))
            gitClones.append(try timeGit(["clone", "-q", gitHub, git], in: folder))
            for made in [trove, git] { try FileManager.default.removeItem(atPath: made) }
        }
        let (clone, gitClone) = (Measure.median(clones), Measure.median(gitClones))
        lines.append("  clone: trove clone median \(Measure.format(clone)), git clone median \(Measure.format(gitClone)): \(Measure.ratio(clone, gitClone)) (target <= 1.5 ×; \(Self.rounds) rounds)")

        // The first push over HTTPS: nginx and git http-backend with basic auth, over TLS with a CA made here.
        let https = try HTTPSGitServer()
        let token = https.users["alice"]!
        var httpsPushes: [Double] = [], gitHTTPSPushes: [Double] = []
        for round in 0..<Self.rounds {
            let (trove, git) = ("trove-\(round).git", "git-\(round).git")
            _ = try https.createRepository(trove)
            _ = try https.createRepository(git)
            let login = Process()
            login.executableURL = URL(fileURLWithPath: program)
            login.arguments = ["--store", folder + "/store", "remote", "add", "web\(round)", https.url(trove), "--username", "alice",
                               "--password-stdin", "--ca-file", https.caFile]
            login.environment = ProcessInfo.processInfo.environment.merging(["XDG_CONFIG_HOME": folder + "/config"]) { _, given in given }
            let input = Pipe()
            login.standardInput = input
            try login.run()
            input.fileHandleForWriting.write(Data((token + "\n").utf8))
            try input.fileHandleForWriting.close()
            login.waitUntilExit()
            Measure.settle()
            httpsPushes.append(try Measure.seconds {
                try Measure.run([program, "--store", folder + "/store", "sync", "web\(round)"], in: folder, environment: ["XDG_CONFIG_HOME": folder + "/config"])
            })
            let authenticated = https.url(git).replacingOccurrences(of: "https://", with: "https://alice:\(token)@")
            gitHTTPSPushes.append(try Measure.seconds {
                try Measure.run(["git", "push", "-q", authenticated, "main"], in: folder + "/git-copy", environment: ["GIT_SSL_CAINFO": https.caFile])
            })
        }
        let (httpsPush, gitHTTPSPush) = (Measure.median(httpsPushes), Measure.median(gitHTTPSPushes))
        lines.append("  first push over https: trove sync median \(Measure.format(httpsPush)), git push median \(Measure.format(gitHTTPSPush)): \(Measure.ratio(httpsPush, gitHTTPSPush)) (target <= 1.2 ×; \(Self.rounds) rounds)")
        https.stop()
    }

    /// Runs of each one-off measure (a first push, a clone), of which the median counts.
    static let rounds = 3
}
