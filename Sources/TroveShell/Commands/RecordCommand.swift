import ArgumentParser
import Foundation
import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore

/// `trove record put|get|rm|list`: plumbing for scripts and power users.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record", abstract: "Put, get, remove and list raw records.",
        subcommands: [Put.self, Get.self, Remove.self, List.self])

    struct Put: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "put", abstract: "Add or replace records of a type; print their ids.",
            discussion: """
                Examples:
                  trove record put dog --fields '{"name": "Rex"}'
                  trove record put entry --jsonl entries.jsonl     (one commit for the whole file)
                  cat dog.json | trove record put dog --fields -
                A record with the id of an existing one replaces it.
                """)

        @Argument(help: "The record type, e.g. entry, dog, event.", completion: DataCompletion.recordTypes)
        var type: String

        @Option(help: ArgumentHelp("One record's fields as JSON, or - to read them from standard input.", valueName: "json"))
        var fields: String?

        /// `--json`, the name `--fields` had before: everywhere else `--json` asks for JSON output, so input has a
        /// name of its own; the old one still works for scripts written with it.
        @Option(name: .customLong("json"), help: .hidden)
        var legacyFields: String?

        /// The record given with `--fields` (or `--json`).
        var json: String? { fields ?? legacyFields }

        @Option(help: ArgumentHelp("A file with one JSON record per line (- for standard input).", valueName: "file"), completion: .file())
        var jsonl: String?

        @Option(name: .shortAndLong, help: "The commit message.")
        var message: String?

        @OptionGroup var storeOptions: StoreOptions

        func validate() throws {
            if fields != nil && legacyFields != nil { throw ValidationError("give the record once, with --fields") }
            if (json == nil) == (jsonl == nil) { throw ValidationError("give exactly one of --fields and --jsonl") }
        }

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let records: [(source: String, value: JSONValue)]
            if let json {
                let text = json == "-" ? try Input.readAll("-", env) : Array(json.utf8)
                let option = fields != nil ? "--fields" : "--json"
                records = [(option, try Input.parse(text, source: json == "-" ? "standard input" : option))]
            } else {
                records = try Input.jsonLines(jsonl!, env)
            }
            let (ids, _) = try store.transaction(message: message) { transaction in
                try records.map { source, value in
                    // A record from --fields keeps the store's name for it ("the new dog"); a line of a file is named by its line.
                    do { return try transaction.put(value, type: type).id } catch StoreError.invalidRecord(_, let violations) where jsonl != nil {
                        throw StoreError.invalidRecord(source: source, violations: violations)
                    }
                }
            }
            for id in ids { env.out.line(id) }
        }
    }

    struct Get: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print one record as JSON.", discussion: "Example: trove record get 01a2… > rex.json")
        @Argument(help: "The record id.", completion: DataCompletion.recordIDs) var id: String
        @OptionGroup var storeOptions: StoreOptions
        /// Accepted because `--json` is global; the record is printed as JSON either way.
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let id = try TypedRecordID.resolve(id, in: store)
            guard let record = try store.record(id: id) else { throw StoreError.recordNotFound(id: id) }
            env.out.json(record.value)
        }
    }

    struct Remove: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete one record (undo brings it back).",
            discussion: "It asks first on a terminal; a script must pass --yes. Example: trove record rm 01a2… --yes")
        @Argument(help: "The record id.", completion: DataCompletion.recordIDs) var id: String
        @Flag(name: .shortAndLong, help: "Delete without asking (a script must say so).") var yes = false
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func run(_ env: CommandEnvironment) throws {
            let store = try storeOptions.open(env)
            let id = try TypedRecordID.resolve(id, in: store)
            guard let record = try store.record(id: id) else { throw StoreError.recordNotFound(id: id) }
            let name = record.value.objectValue.flatMap { $0["name"] ?? $0["title"] }.flatMap { value -> String? in
                if case .string(let text) = value { return " '\(text)'" }
                return nil
            } ?? ""
            guard Prompts.confirm(env, "Delete \(record.type)\(name) (\(id))?", assumeYes: yes) else {
                throw ExitCode.failure
            }
            let (_, result) = try store.transaction { try $0.delete(id: id) }
            env.out.commitResult(result, json: output.json)
        }
    }

    struct List: TroveCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the records of a type, a page at a time, oldest first.",
            discussion: """
                Examples:
                  trove record list dog
                  trove record list entry --sort start --reverse --limit 10
                  trove record list entry --offset 100      (the next page)
                  trove record list entry --in "Morning pages" --tag walks
                  trove record list dog --all --json
                """)
        @Argument(help: "The record type.", completion: DataCompletion.recordTypes) var type: String
        @Option(help: ArgumentHelp("Order by created, start (date, start or due time), label or updated.", valueName: "key"))
        var sort: IndexSort = .created
        @Flag(help: "Newest (or last) first.") var reverse = false
        @Option(help: "At most this many records (default: 100 as text, all with --json).") var limit: Int?
        @Option(help: "Skip this many records first.") var offset = 0
        @Flag(help: "Every record, without paging.") var all = false
        @Option(name: .customLong("in"), help: ArgumentHelp("Only records that belong to this journal, dog, calendar or item (its name or id).",
                                                            valueName: "name"), completion: DataCompletion.containers)
        var container: String?
        @Option(help: ArgumentHelp("Only records with this tag.", valueName: "tag"), completion: DataCompletion.tags)
        var tag: String?
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
            if offset < 0 { throw ValidationError("--offset must not be negative") }
        }

        func run(_ env: CommandEnvironment) throws {
            try env.out.paged {
                let index = try storeOptions.openIndex(env)
                try index.store.recordFormat(type)
                // People read a page at a time; scripts asking for JSON get everything unless they page.
                let limit = all ? nil : self.limit ?? (output.json ? nil : 100)
                let page = limit.map { IndexPage(offset: offset, limit: $0) } ?? IndexPage(offset: offset, limit: IndexPage.all.limit)
                let parent = try container.map { try Self.container(named: $0, in: index) }
                let records = try index.records(type: type, parent: parent, tag: tag, sort: sort, descending: reverse, page: page)
                if output.json {
                    env.out.json(.array(records.compactMap(index.value(of:))))
                    return
                }
                if records.isEmpty {
                    env.out.line(offset == 0 ? "No \(type) records." : "No \(type) records after the first \(offset).")
                    return
                }
                env.out.table(records.map { [$0.id, $0.updatedAt, $0.label ?? ""] })
                if let limit, records.count == limit, parent == nil, tag == nil, let total = try index.counts().first(where: { $0.type == type })?.count,
                   total > offset + limit {
                    env.error("showing \(offset + 1)-\(offset + limit) of \(total); --offset \(offset + limit) for the next page, --all for every one")
                }
            }
        }
    }
}

extension RecordCommand.List {
    /// The id of the journal, dog, calendar or item that `name` names (or is the id of).
    static func container(named name: String, in index: RecordIndex) throws -> String {
        if try index.record(id: name) != nil { return name }
        let found = try index.records(labelled: name, types: [RecordType.journal, RecordType.dog, RecordType.calendar, RecordType.item])
        guard let first = found.first else { throw CommandFailure(message: "no journal, dog, calendar or item is called '\(name)'") }
        guard found.count == 1 else {
            throw CommandFailure(message: "'\(name)' names \(found.count) records; give one of their ids: "
                                 + found.map { "\($0.id) (\($0.type))" }.joined(separator: ", "))
        }
        return first.id
    }
}

extension IndexSort: ExpressibleByArgument {}

/// Reading command input: files, standard input, JSON and JSON lines.
enum Input {
    /// The bytes of the file at `path`, or of standard input for `-`.
    static func readAll(_ path: String, _ env: CommandEnvironment) throws -> [UInt8] {
        if path == "-" { return env.input.readAll() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(message: "\(path): cannot read the file")
        }
        return Array(data)
    }

    static func parse(_ bytes: [UInt8], source: String) throws -> JSONValue {
        do { return try JSONValue(parsing: bytes) } catch { throw StoreError.invalidJSON(source: source, error: error) }
    }

    /// Every non-blank line of a JSON-lines file, each named `FILE line N` for messages.
    static func jsonLines(_ path: String, _ env: CommandEnvironment) throws -> [(source: String, value: JSONValue)] {
        let name = path == "-" ? "standard input" : path
        var records: [(String, JSONValue)] = []
        var number = 0
        for line in try readAll(path, env).split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            records.append(("\(name) line \(number)", try parse(Array(line), source: "\(name) line \(number)")))
        }
        return records
    }
}
