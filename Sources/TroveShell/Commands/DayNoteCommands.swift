import ArgumentParser
import Foundation
import TroveKit

/// `trove quote add TEXT [--author A] [--date D]`: a quote kept on a day.
struct QuoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "quote", abstract: "Keep quotes on days of the calendar.", subcommands: [Add.self])

    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Keep a quote on a day (today at first); the day view shows it.",
            discussion: "Example: trove quote add \"Well begun is half done.\" --author Aristotle --date mon")
        @Argument(help: "The quote.") var text: String
        @Option(help: ArgumentHelp("Who said it.", valueName: "name")) var author: String?
        @Option(help: ArgumentHelp("The day (default: today).", valueName: "date")) var date: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let context = try CalendarContext(storeOptions, env)
            let day = try date.map { try context.read($0).day } ?? context.today
            try DayNotes(index: context.index).addQuote(text, author: author, on: day)
            env.out.line("Quote kept on \(CalendarText.day(day)).")
        }
    }
}

/// `trove day image add FILE|--clipboard [--date D]`: an image kept on a day.
struct DayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "day", abstract: "Keep images on days of the calendar.", subcommands: [Image.self])

    struct Image: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "image", abstract: "Images on days.", subcommands: [Add.self])

        struct Add: TroveCommand {
            static let configuration = CommandConfiguration(
                commandName: "add", abstract: "Keep an image on a day, from a file or the clipboard (xclip or wl-paste).",
                discussion: "Examples:\n  trove day image add sunset.jpg --date yesterday\n  trove day image add --clipboard --caption 'Whiteboard'")
            @Argument(help: "The image file.", completion: .file()) var file: String?
            @Flag(help: "Take the image on the clipboard.") var clipboard = false
            @Option(help: ArgumentHelp("A caption.", valueName: "text")) var caption: String?
            @Option(help: ArgumentHelp("The day (default: today).", valueName: "date")) var date: String?
            @OptionGroup var storeOptions: StoreOptions

            func run(_ env: CommandEnvironment) throws {
                guard (file != nil) != clipboard else { throw ValidationError("give an image file, or --clipboard (not both)") }
                let context = try CalendarContext(storeOptions, env)
                let day = try date.map { try context.read($0).day } ?? context.today
                let (bytes, source) = try file.map { path -> ([UInt8], String) in
                    guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure(message: "cannot read \(path)") }
                    return (Array(data), path)
                } ?? (try Self.clipboardImage(env), "the clipboard")
                try DayNotes(index: context.index).addImage(bytes, source: source, caption: caption, on: day)
                env.out.line("Image kept on \(CalendarText.day(day)).")
            }

            /// The PNG on the clipboard, through wl-paste (Wayland) or xclip (X11).
            static func clipboardImage(_ env: CommandEnvironment) throws -> [UInt8] {
                let environment = env.variables
                let tools: [(String, [String])] = [("wl-paste", ["--type", "image/png"]), ("xclip", ["-selection", "clipboard", "-t", "image/png", "-o"])]
                let usable = tools.filter { tool in tool.0 == "wl-paste" ? environment["WAYLAND_DISPLAY"] != nil : environment["DISPLAY"] != nil }
                guard let (name, arguments) = usable.first(where: { ExternalProgram(named: $0.0) != nil }), let program = ExternalProgram(named: name) else {
                    throw CommandFailure(message: "no clipboard to read: install wl-clipboard (Wayland) or xclip (X11) and run it in a desktop session, or give the image as a file")
                }
                let output = try program.run(arguments, timeout: 10)
                guard output.status == 0, !output.data.isEmpty else {
                    throw CommandFailure(message: "the clipboard holds no image (\(name) found none): copy an image first, or give a file")
                }
                return output.data
            }
        }
    }
}
