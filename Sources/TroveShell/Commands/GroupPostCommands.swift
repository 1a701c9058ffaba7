import ArgumentParser
import Foundation
import TroveKit
import TroveStore

/// `trove group announce|chat|meeting|link|links|open`: what members post in a group.
enum GroupPostCommands {
    struct Announce: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "announce", abstract: "Post an announcement to a group; with no text, list the announcements.",
            discussion: "Example: trove group announce CS101 \"No lab on Friday\"")
        @Argument(help: "The group.") var group: String
        @Argument(help: "The announcement.") var text: String?
        @Option(name: [.customShort("n"), .long], help: "Show the latest N (0: all).") var last = GroupPostCommands.shownPosts
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            try GroupPostCommands.sayOrShow(group, text, kind: .announcement, last: last, storeOptions, env)
        }
    }

    struct Chat: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "chat", abstract: "Write in a group's chat; with no text, show the chat.",
            discussion: "Examples:\n  trove group chat CS101 \"Who has the notes from Tuesday?\"\n  trove group chat CS101 --last 50")
        @Argument(help: "The group.") var group: String
        @Argument(help: "The message.") var text: String?
        @Option(name: [.customShort("n"), .long], help: "Show the latest N messages (0: all).") var last = GroupPostCommands.shownPosts
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            try GroupPostCommands.sayOrShow(group, text, kind: .chat, last: last, storeOptions, env)
        }
    }

    struct Meeting: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "meeting", abstract: "Schedule a group meeting (shown in calendar views); with no title, list them.",
            discussion: "Example: trove group meeting CS101 \"Exam review\" --start \"fri 16:00\" --end 18:00")
        @Argument(help: "The group.") var group: String
        @Argument(help: "What the meeting is.") var title: String?
        @Option(help: ArgumentHelp("When it starts: 'tomorrow 14:00', 'fri 4pm', '2026-12-01 9am'.", valueName: "when")) var start: String?
        @Option(help: ArgumentHelp("When it ends: a time alone is on the start's day (18:00), a day is read like --start.", valueName: "when")) var end: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(self.group)
            guard let title else { return GroupPostCommands.show(try group.posts(.meeting), kind: .meeting, in: group, env) }
            guard let start else { throw CommandFailure(message: "say when it starts: --start 'fri 16:00'") }
            let zone = TimeZone.current
            let startReading = try DateInput.read(start, timeZone: zone, now: Date())
            let endDate = try end.map { try DateInput.readEnd($0, start: startReading.instant, timeZone: zone).instant }
            if let endDate, endDate <= startReading.instant { throw CommandFailure(message: "the meeting ends (\(end!)) before it starts (\(start))") }
            let post = try group.meeting(title: title, start: startReading.instant, end: endDate)
            GroupContext.push(group, env)
            env.out.line("Scheduled \(title) in \(group.name) for \(LocalTime.minutes(startReading.instant)) (\(post.id.suffix(8))).")
        }
    }

    struct Link: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "link", abstract: "Share a link with a group.",
            discussion: "Example: trove group link CS101 https://example.edu/cs101/syllabus.pdf --title Syllabus")
        @Argument(help: "The group.") var group: String
        @Argument(help: "The link (http, https, mailto, geo or file).") var url: String
        @Option(help: ArgumentHelp("What it is.", valueName: "title")) var title: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(self.group)
            let post = try group.share(url: url, title: title)
            GroupContext.push(group, env)
            env.out.line("Shared \(title ?? url) with \(group.name) (\(post.id.suffix(8))).")
        }
    }

    struct Links: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "links", abstract: "List a group's links; the ones you opened are drawn in another colour.",
            discussion: "Example: trove group links CS101")
        @Argument(help: "The group.") var group: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let group = try GroupContext.book(storeOptions, env: env).open(self.group)
            GroupPostCommands.show(try group.posts(.link), kind: .link, in: group, env)
        }
    }

    struct Open: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "open", abstract: "Open a group's link (xdg-open, or print it) and mark it visited.",
            discussion: "LINK is the end of a link's id (as 'group links' shows it) or a word of its title.\nExample: trove group open syllabus")
        @Argument(help: "The link: the end of its id, or a word of its title.") var link: String
        @Flag(help: "Print the link instead of opening it.") var print = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let book = try GroupContext.book(storeOptions, env: env)
            let wanted = link.lowercased()
            var found: [(GroupLink, GroupPost)] = []
            for groupLink in try book.all() {
                guard let group = try? book.open(groupLink) else { continue }
                for post in try group.posts(.link) where post.id.hasSuffix(wanted) || post.id == wanted
                    || (post.title ?? "").lowercased().split(separator: " ").contains(where: { $0.hasPrefix(wanted) }) {
                    found.append((groupLink, post))
                }
            }
            guard let (groupLink, post) = found.first, let url = post.url else { throw GroupError.unknownLink(link) }
            if found.count > 1 {
                throw CommandFailure(message: "\(found.count) links match '\(link)': give the end of an id (\(found.map { String($0.1.id.suffix(8)) }.joined(separator: ", ")))")
            }
            env.out.line(url)
            if !print { try Browser.open(url, env) }
            try book.markVisited(post.id, in: groupLink)
        }
    }

    /// Posts `text`, or, without one, lists the posts of that kind.
    /// How many chat messages or announcements are shown unless asked for more.
    static let shownPosts = 20

    static func sayOrShow(_ name: String, _ text: String?, kind: GroupPost.Kind, last: Int, _ options: StoreOptions, _ env: CommandEnvironment) throws {
        let group = try GroupContext.book(options, env: env).open(name)
        guard let text else { return show(try group.posts(kind), kind: kind, in: group, last: last, env) }
        try group.say(text, as: kind)
        GroupContext.push(group, env)
        env.out.line(kind == .chat ? "Sent to \(group.name)." : "Announced in \(group.name).")
    }

    /// Posts oldest first; with `last` above 0, only the latest `last`, after a line saying how many are left out.
    static func show(_ posts: [GroupPost], kind: GroupPost.Kind, in group: Group, last: Int = 0, _ env: CommandEnvironment) {
        if posts.isEmpty { return env.out.line("No \(kind == .chat ? "messages" : kind.rawValue + "s") in \(group.name) yet.") }
        let hidden = last > 0 ? max(0, posts.count - last) : 0
        env.out.paged {
            if hidden > 0 { env.out.line("(\(hidden) earlier; --last 0 shows them all)") }
            for post in posts.dropFirst(hidden) { line(post, kind: kind, in: group, env) }
        }
    }

    private static func line(_ post: GroupPost, kind: GroupPost.Kind, in group: Group, _ env: CommandEnvironment) {
        let author = post.author ?? "?"
        switch kind {
        case .chat, .announcement:
            env.out.line("\(LocalTime.text(post.createdAt))  \(author): \(post.text ?? "")")
        case .meeting:
            env.out.line("\(LocalTime.text(post.start))  \(post.title ?? "")  (\(author))")
        case .link:
            let visited = group.link.visitedLinks.contains(post.id)
            let line = "\(post.id.suffix(8))  \(post.title ?? "")  \(post.url ?? "")" + (visited ? "  (visited)" : "")
            env.out.line(env.terminal.color ? (visited ? "\u{1B}[35m\(line)\u{1B}[0m" : "\u{1B}[34m\(line)\u{1B}[0m") : line)
        }
    }
}
