import ArgumentParser
import Foundation
import TroveIndex
import TroveKit
import TroveStore

/// `--dog NAME` and `--all-dogs`: whose records a map or a list shows (the selected dog's by default).
struct DogChoice: ParsableArguments {
    @Option(help: ArgumentHelp("The dog (default: the selected dog).", valueName: "name"), completion: DataCompletion.names(of: ["dog"]))
    var dog: String?
    @Flag(help: "Every dog's records.") var allDogs = false

    /// The id of the dog to filter by, or nil for every dog; asks for a first dog on a terminal when there is none.
    func dogID(in store: Store, _ env: CommandEnvironment) throws -> String? {
        if allDogs { return nil }
        return try FirstDog.ensure(DogBook(store: store), named: dog, env).id
    }
}

/// `--at LAT,LON`: a place instead of the current location.
struct PlaceOption: ParsableArguments {
    @Option(help: ArgumentHelp("A place instead of the current location.", valueName: "lat,lon")) var at: String?

    /// `--at`, else the current location; a clear message when there is neither.
    func place(in store: Store) throws -> Coordinates {
        try CurrentLocation.resolve(at, storePath: store.path)
    }
}

/// The seed's "adding the first dog friend": a store without a dog asks for one on a terminal.
enum FirstDog {
    /// The dog named, else the selected dog; with no dog at all, asks for the first one's name,
    /// sex and date of birth (each may be skipped) when someone can answer, and saves it.
    static func ensure(_ book: DogBook, named name: String?, _ env: CommandEnvironment) throws -> Dog {
        if let name { return try book.dog(named: name) }
        if let selected = try book.selected() { return selected }
        guard env.terminal.canAsk else { throw DogError.noDog }
        env.error("there is no dog yet: tell me about your first dog (press Enter to skip a question).")
        let (dog, _) = try book.add(askProfile(env))
        env.out.line("Added \(dog.displayName): the first dog is selected.")
        return dog
    }

    /// The seed's dog profile dialog: name, sex and date of birth, each of which may be skipped.
    static func askProfile(_ env: CommandEnvironment) -> DogProfile {
        var profile = DogProfile()
        profile.name = Prompts.text(env, "Name: ").flatMap { $0.isEmpty ? nil : $0 }
        profile.sex = ask("Sex (female/male): ", field: "sex", env) { Dog.Sex(answer: $0) }
        profile.born = ask("Date of birth (YYYY-MM-DD): ", field: "date of birth", env) { text in
            (try? DogProfile.check(born: text)) != nil ? text : nil
        }
        return profile
    }

    /// Asks until the answer reads or is empty (skipped); after three answers that do not read, says it skips.
    private static func ask<T>(_ question: String, field: String, _ env: CommandEnvironment, _ read: (String) -> T?) -> T? {
        for _ in 0..<3 {
            guard let answer = Prompts.text(env, question)?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else { return nil }
            if let value = read(answer) { return value }
            env.err.write("That does not read; try again, or press Enter to skip.\n")
        }
        env.err.write("Skipped the \(field); 'trove dog edit' can set it later.\n")
        return nil
    }
}
