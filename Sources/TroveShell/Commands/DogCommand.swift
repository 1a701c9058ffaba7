import ArgumentParser
import Foundation
import TroveIndex
import TroveKit
import TroveSchema
import TroveStore

/// `trove dog add|list|edit|select|rm`: the dog friends.
struct DogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dog", abstract: "Add, list, edit, select and remove dog friends.",
        subcommands: [Add.self, List.self, Edit.self, Select.self, Remove.self], defaultSubcommand: List.self)

    /// The profile fields `add` and `edit` take.
    struct ProfileOptions: ParsableArguments {
        @Option(help: ArgumentHelp("female or male (f or m).", valueName: "sex")) var sex: Dog.Sex?
        @Option(help: ArgumentHelp("The date of birth, YYYY-MM-DD.", valueName: "date")) var born: String?
        @Option(help: ArgumentHelp("The breed.", valueName: "breed")) var breed: String?

        func profile(name: String?) -> DogProfile {
            DogProfile(name: name, sex: sex, born: born, breed: breed)
        }
    }


    struct Add: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add a dog; every field is optional. The first dog is selected.",
            discussion: "With nothing given on a terminal, it asks for each field.\nExamples:\n  trove dog add Pixel --sex female --born 2021-04-17\n  trove dog add")
        @Argument(help: "Its name.") var name: String?
        @OptionGroup var profile: ProfileOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let book = DogBook(store: try storeOptions.open(env))
            var given = profile.profile(name: name)
            if given.isEmpty && env.terminal.canAsk { given = FirstDog.askProfile(env) }
            let (dog, result) = try book.add(given)
            if output.json { return env.out.json(["id": .string(dog.id), "commit": result.commit.map { .string($0.hex) } ?? .null]) }
            let selected = try book.selected()?.id == dog.id
            env.out.line("Added \(dog.displayName)\(selected ? " (selected)" : ": 'trove dog select \(PastableWord.quoted(dog.name ?? dog.id))' to record for it").")
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List dogs; * marks the selected one.", discussion: "Example: trove dog list")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let book = DogBook(store: index.store)
            if try book.all().isEmpty && !output.json {
                guard env.terminal.canAsk else { return env.out.line("No dogs yet: add one with 'trove dog add NAME'.") }
                _ = try FirstDog.ensure(book, named: nil, env)
            }
            let dogs = try book.all()
            let selected = try book.selected()?.id
            let counts = try dogs.map { try index.count(matching: RecordQuery(type: RecordType.business, parent: $0.id)) }
            if output.json {
                return env.out.json(.array(zip(dogs, counts).map { dog, count in
                    .object([
                        "id": .string(dog.id), "name": dog.name.map { .string($0) } ?? .null, "sex": dog.sex.map { .string($0.rawValue) } ?? .null,
                        "born": dog.born.map { .string($0) } ?? .null, "selected": .bool(dog.id == selected), "records": .integer(count),
                    ])
                }))
            }
            env.out.table(zip(dogs, counts).map { dog, count in
                [dog.id == selected ? "*" : " ", dog.displayName, dog.sex?.rawValue ?? "", dog.born.map { "born \($0)" } ?? "",
                 "\(count) record\(count == 1 ? "" : "s")"]
            })
        }
    }

    struct Edit: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a dog's name, sex, date of birth or breed.",
            discussion: "Example: trove dog edit Pixel --name Pixie --born 2021-04-18")
        @Argument(help: "The dog.", completion: DataCompletion.names(of: ["dog"])) var dog: String
        @Option(help: ArgumentHelp("Its new name.", valueName: "name")) var name: String?
        @OptionGroup var profile: ProfileOptions
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let changes = profile.profile(name: name)
            guard !changes.isEmpty else { throw CommandFailure(message: "say what to change: --name, --sex, --born or --breed") }
            let book = DogBook(store: try storeOptions.open(env))
            let (edited, result) = try book.edit(book.dog(named: dog), changes)
            if output.json { return env.out.commitResult(result, json: true) }
            env.out.line(result.commit == nil ? "Nothing changed." : "Updated \(edited.displayName).")
        }
    }

    struct Select: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "select", abstract: "Choose the dog that pee, poo and the map are about (on this machine).",
            discussion: "Example: trove dog select Pixel")
        @Argument(help: "The dog.", completion: DataCompletion.names(of: ["dog"])) var dog: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ env: CommandEnvironment) throws {
            let book = DogBook(store: try storeOptions.open(env))
            let chosen = try book.dog(named: dog)
            try book.select(chosen)
            env.out.line("Selected \(chosen.displayName).")
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a dog and its business records (undo brings them back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove dog rm Pixel --yes")
        @Argument(help: "The dog.", completion: DataCompletion.names(of: ["dog"])) var dog: String
        @Flag(name: .shortAndLong, help: "Delete without asking.") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let index = try storeOptions.openIndex(env)
            let book = DogBook(store: index.store)
            let found = try book.dog(named: dog)
            let records = try index.records(matching: RecordQuery(type: RecordType.business, parent: found.id), page: .all).map(\.id)
            guard Prompts.confirm(env, "Delete \(found.displayName) and \(records.count) business record\(records.count == 1 ? "" : "s")?", assumeYes: yes)
            else { throw ExitCode.failure }
            env.out.commitResult(try book.remove(found, records: records), json: output.json)
        }
    }
}

/// `--sex` takes what the first-dog question takes: female, male, f, m.
extension Dog.Sex: ExpressibleByArgument {
    public init?(argument: String) { self.init(answer: argument) }
}
