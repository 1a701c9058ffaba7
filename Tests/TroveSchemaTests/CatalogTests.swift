import Testing
import TroveJSON
import TroveSchema

/// Building catalogs from small schema sets: the keywords, and the errors for broken schemas.
@Suite struct CatalogTests {
    /// A one-record catalog whose record has the given extra properties and keywords.
    static func catalog(properties: String = "", extra: String = "", common: String = "{}") throws -> FormatCatalog {
        let record = """
            {"x-type": "thing", "x-collection": "things", "x-version": 1, "type": "object",
             "additionalProperties": false, "required": ["type", "v"],
             "properties": {"type": {"const": "thing", "x-merge": "immutable"}, "v": {"const": 1, "x-merge": "lww"}\(properties)}\(extra)}
            """
        return try FormatCatalog(files: ["thing.schema.json": Array(record.utf8), "common.schema.json": Array(common.utf8)])
    }

    static func violations(_ catalog: FormatCatalog, _ members: [String: JSONValue]) -> [SchemaViolation] {
        var record: [String: JSONValue] = ["type": "thing", "v": 1]
        record.merge(members) { _, new in new }
        return catalog.format(for: "thing")!.validate(.object(record))
    }

    static func catalogError(properties: String = "", extra: String = "", common: String = "{}") -> FormatCatalogError? {
        do {
            _ = try catalog(properties: properties, extra: extra, common: common)
            return nil
        } catch let error as FormatCatalogError {
            return error
        } catch {
            return FormatCatalogError(file: "?", pointer: "?", reason: "\(error)")
        }
    }

    @Test func brokenSchemasAreRejected() {
        let typo = Self.catalogError(properties: #", "name": {"type": "string", "minLenght": 1, "x-merge": "lww"}"#)
        #expect(typo == FormatCatalogError(file: "thing.schema.json", pointer: "/properties/name", reason: "unsupported keyword \"minLenght\""))
        let dangling = Self.catalogError(properties: #", "a": {"$ref": "common.schema.json#/$defs/nope", "x-merge": "lww"}"#)
        #expect(dangling?.reason == "nothing at this pointer")
        let noFile = Self.catalogError(properties: #", "a": {"$ref": "other.schema.json#/$defs/x", "x-merge": "lww"}"#)
        #expect(noFile?.reason.contains("no schema file named other.schema.json") == true)
        let noMerge = Self.catalogError(properties: #", "a": {"type": "string"}"#)
        #expect(noMerge == FormatCatalogError(file: "thing.schema.json", pointer: "/properties/a", reason: "property has no x-merge"))
        let badMerge = Self.catalogError(properties: #", "a": {"type": "string", "x-merge": "newest"}"#)
        #expect(badMerge?.reason == "unknown x-merge \"newest\"")
        let badFormat = Self.catalogError(properties: #", "a": {"type": "string", "format": "datetime", "x-merge": "lww"}"#)
        #expect(badFormat?.reason == "unsupported format \"datetime\"")
        let badPattern = Self.catalogError(properties: #", "a": {"type": "string", "pattern": "([", "x-merge": "lww"}"#)
        #expect(badPattern?.reason == "pattern must be a valid regular expression")
        let badJSON = Self.catalogError(common: "{,}")
        #expect(badJSON?.file == "common.schema.json")
        let unusedButBroken = Self.catalogError(common: #"{"$defs": {"x": {"type": "text"}}}"#)
        #expect(unusedButBroken == FormatCatalogError(file: "common.schema.json", pointer: "/$defs/x", reason: "type must name JSON types"))
    }

    @Test func duplicateTypesAreRejected() {
        let record = #"{"x-type": "thing", "x-collection": "things", "x-version": 1, "type": "object", "additionalProperties": false, "properties": {"type": {"const": "thing", "x-merge": "immutable"}, "v": {"const": 1, "x-merge": "lww"}}}"#
        #expect(throws: FormatCatalogError.self) {
            try FormatCatalog(files: ["a.schema.json": Array(record.utf8), "b.schema.json": Array(record.utf8)])
        }
    }

    @Test func referencesAcrossFilesAndRecursion() throws {
        let common = ##"{"$defs": {"node": {"type": "object", "additionalProperties": false, "properties": {"name": {"type": "string", "x-merge": "lww"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}, "x-merge": "lww"}}}}}"##
        let catalog = try Self.catalog(properties: #", "tree": {"$ref": "common.schema.json#/$defs/node", "x-merge": "object"}"#, common: common)
        #expect(Self.violations(catalog, ["tree": ["name": "a", "children": [["name": "b", "children": [["name": 3]]]]]])
            == [SchemaViolation(path: "/tree/children/0/children/0/name", message: "expected string, found integer")])
        let strategy = catalog.format(for: "thing")!.mergeStrategy
        #expect(strategy.field("tree").field("children") == .lww)
    }

    @Test func keywords() throws {
        let catalog = try Self.catalog(properties: """
            , "n": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1, "x-merge": "lww"}
            , "list": {"type": "array", "minItems": 1, "maxItems": 2, "x-merge": "list"}
            , "either": {"type": ["string", "null"], "x-merge": "lww"}
            , "notFive": {"not": {"const": 5}, "x-merge": "lww"}
            , "mode": {"enum": ["a", "b"], "x-merge": "lww"}
            , "open": {"type": "object", "additionalProperties": {"type": "integer"}, "x-merge": "lww"}
            , "pick": {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}], "x-merge": "lww"}
            , "web": {"type": "string", "format": "uri", "x-merge": "lww"}
            , "mail": {"type": "string", "format": "email", "x-merge": "lww"}
            , "when": {"type": "string", "format": "date-time", "x-merge": "lww"}
            """, extra: #", "if": {"required": ["mode"], "properties": {"mode": {"const": "a"}}}, "then": {"required": ["n"]}, "else": {"required": ["either"]}"#)
        func check(_ members: [String: JSONValue]) -> [SchemaViolation] { Self.violations(catalog, members) }

        #expect(check(["n": 0.5, "mode": "a"]) == [])
        #expect(check(["n": 0, "mode": "a"]) == [SchemaViolation(path: "/n", message: "must be greater than 0")])
        #expect(check(["n": 1, "mode": "a"]) == [SchemaViolation(path: "/n", message: "must be less than 1")])
        #expect(check(["mode": "a"]) == [SchemaViolation(path: "/n", message: "missing required field \"n\"")])
        #expect(check([:]) == [SchemaViolation(path: "/either", message: "missing required field \"either\"")])
        #expect(check(["either": .null]) == [])
        #expect(check(["either": 1]) == [SchemaViolation(path: "/either", message: "expected string or null, found integer")])
        #expect(check(["either": .null, "list": []]) == [SchemaViolation(path: "/list", message: "must have at least 1 item")])
        #expect(check(["either": .null, "list": [1, 2, 3]]) == [SchemaViolation(path: "/list", message: "must have at most 2 items")])
        #expect(check(["either": .null, "notFive": 5]) == [SchemaViolation(path: "/notFive", message: "is not allowed here")])
        #expect(check(["either": .null, "notFive": 6]) == [])
        #expect(check(["either": .null, "mode": "c"]) == [SchemaViolation(path: "/mode", message: "must be one of \"a\", \"b\"")])
        #expect(check(["either": .null, "open": ["x": 1, "y": "2"]]) == [SchemaViolation(path: "/open/y", message: "expected integer, found string")])
        #expect(check(["either": .null, "pick": 3]) == [])
        // The one alternative of the right type explains the failure.
        #expect(check(["either": .null, "pick": "abc"]) == [SchemaViolation(path: "/pick", message: "must be at most 2 characters")])
        #expect(check(["either": .null, "pick": true]) == [SchemaViolation(path: "/pick", message: "must match one of the allowed forms")])
        #expect(check(["either": .null, "web": "https://example.org/a?b=c#d", "mail": "a.b@example.org", "when": "2026-11-22T10:15:30+01:00"]) == [])
        #expect(check(["either": .null, "web": "https://exa mple.org"]).map(\.path) == ["/web"])
        #expect(check(["either": .null, "web": "https://example.org/%zz"]).map(\.path) == ["/web"])
        #expect(check(["either": .null, "web": "/relative/path"]).map(\.path) == ["/web"])
        #expect(check(["either": .null, "mail": "a b@example.org"]).map(\.path) == ["/mail"])
        #expect(check(["either": .null, "mail": "@example.org"]).map(\.path) == ["/mail"])
        for bad in ["2026-02-29T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T10:15:30", "2026-11-22 10:15:30Z", "2026-11-22T10:15:30.Z", "2026-11-22T10:15:30+1:00"] {
            #expect(check(["either": .null, "when": .string(bad)]).map(\.path) == ["/when"], "\(bad)")
        }
        #expect(check(["either": .null, "when": "2024-02-29T23:59:60.5z"]) == [])
    }

    @Test func violationDescriptions() {
        #expect(SchemaViolation(path: "/location/lat", message: "must be at most 90").description == "/location/lat: must be at most 90")
        #expect(SchemaViolation(path: "", message: "expected object, found array").description == "record: expected object, found array")
        #expect(SchemaViolation(path: "/text", message: "missing required field \"text\"").description == "text: missing required field")
        #expect(SchemaViolation(path: "/titel", message: "unknown field \"titel\"").description == "titel: unknown field")
    }
}
