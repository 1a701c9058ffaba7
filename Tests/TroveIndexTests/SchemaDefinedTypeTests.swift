import Foundation
import Testing
import TroveFormats
import TroveGit
@testable import TroveIndex
import TroveJSON
import TroveSchema
import TroveStore
import TroveTestSupport

/// A record type is its schema: one new schema file, and nothing else, gives a type that is stored, listed,
/// searched, mapped and merged like the bundled ones.
@Suite("A record type defined by its schema alone")
struct SchemaDefinedTypeTests {
    /// A recipe: a name (its label), a method (searched, merged as text), a cookbook (its parent), the day it
    /// was first made (its start), tags, a place, and a star.
    static let recipeSchema = """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "x-type": "recipe", "x-collection": "recipes", "x-version": 1,
          "type": "object",
          "required": ["id", "type", "v", "createdAt", "updatedAt", "clock", "name"],
          "additionalProperties": false,
          "properties": {
            "id": { "$ref": "common.schema.json#/$defs/uuid", "x-merge": "immutable" },
            "type": { "const": "recipe", "x-merge": "immutable" },
            "v": { "type": "integer", "const": 1, "x-merge": "lww" },
            "createdAt": { "$ref": "common.schema.json#/$defs/timestamp", "x-merge": "immutable" },
            "updatedAt": { "$ref": "common.schema.json#/$defs/timestamp", "x-merge": "lww" },
            "clock": { "$ref": "common.schema.json#/$defs/clock", "x-merge": "lww" },
            "conflicts": { "$ref": "common.schema.json#/$defs/conflicts", "x-merge": "set" },
            "name": { "type": "string", "minLength": 1, "x-merge": "lww", "x-index": "label" },
            "method": { "type": "string", "x-merge": "text", "x-index": "body" },
            "cookbook": { "type": "string", "x-merge": "lww", "x-index": "parent" },
            "firstMade": { "$ref": "common.schema.json#/$defs/date", "x-merge": "lww", "x-index": "start" },
            "tags": { "type": "array", "items": { "type": "string" }, "uniqueItems": true, "x-merge": "set", "x-index": "tags" },
            "kitchen": {
              "type": "object", "x-merge": "lww", "x-index": "place",
              "properties": { "lat": { "type": "number" }, "lon": { "type": "number" }, "place": { "type": "string" } },
              "additionalProperties": false
            },
            "starred": { "type": "boolean", "x-merge": "lww", "x-index": "starred" }
          }
        }
        """

    static let catalog: FormatCatalog = {
        var files = BundledFormats.files
        files["recipe.schema.json"] = Array(recipeSchema.utf8)
        return try! FormatCatalog(files: files)
    }()

    @Test("the schema's x-index says what the index keeps")
    func roles() throws {
        let roles = try #require(Self.catalog.format(for: "recipe")).indexRoles
        #expect(roles.label == ["name"] && roles.title == ["name"])
        #expect(roles.body == ["method"] && roles.parent == ["cookbook"] && roles.start == ["firstMade"])
        #expect(roles.tags == ["tags"] && roles.place == "kitchen" && roles.starred == "starred" && roles.calendar == nil)
    }

    @Test("an unknown role, or a second property claiming a single role, is a schema error naming the place")
    func badRoles() {
        for (property, reason) in [
            (#""oops": { "type": "string", "x-merge": "lww", "x-index": "colour" }"#, "unknown x-index role \"colour\""),
            (#""oops": { "type": "object", "x-merge": "lww", "x-index": "place" }"#, "kitchen is the place already"),
            (#""oops": { "type": "string", "x-merge": "lww", "x-index": 3 }"#, "x-index must be a role or a list of roles"),
        ] {
            var files = BundledFormats.files
            files["recipe.schema.json"] = Array(Self.recipeSchema.replacingOccurrences(
                of: #""starred": {"#, with: property + #", "starred": {"#).utf8)
            #expect {
                try FormatCatalog(files: files)
            } throws: { error in
                let error = error as? FormatCatalogError
                return error?.file == "recipe.schema.json" && error?.pointer == "/properties/oops/x-index" && error?.reason.hasPrefix(reason) == true
            }
        }
    }

    @Test("recipes are stored, listed, searched, mapped, and merged field by field through a hub")
    func listedSearchedMerged() throws {
        IndexFixture.isolate()
        let folder = TemporaryFolder("trove-recipe-test")
        let first = try Store.create(at: folder.child("a"), formats: Self.catalog)
        let (stew, _) = try first.transaction { transaction in
            _ = try transaction.put(["name": "Plain rice", "method": "Boil the rice.", "cookbook": "weekday"], type: "recipe")
            return try transaction.put([
                "name": "Saffron stew", "method": "Soak the saffron.\nSimmer for an hour.\n", "cookbook": "sunday",
                "firstMade": "2026-03-01", "tags": ["winter"], "kitchen": ["lat": 48.87, "lon": 2.36, "place": "Canal kitchen"],
            ], type: "recipe")
        }
        try first.addRemote(name: "hub", url: folder.child("hub.git"), create: true)
        _ = try first.sync()
        let second = try Store.clone(from: folder.child("hub.git"), to: folder.child("b"), formats: Self.catalog)

        // Concurrent edits of one recipe: a new name and a tag on one side, another line of method and a tag on the other.
        try first.transaction { transaction in
            var value = try #require(try transaction.record(id: stew.id)).value
            value["name"] = "Saffron stew with beans"
            value["tags"] = ["winter", "beans"]
            _ = try transaction.put(value, type: "recipe")
        }
        try second.transaction { transaction in
            var value = try #require(try transaction.record(id: stew.id)).value
            value["method"] = "Soak the saffron.\nSimmer for an hour.\nSalt at the end.\n"
            value["tags"] = ["winter", "quick"]
            _ = try transaction.put(value, type: "recipe")
        }
        _ = try first.sync()
        _ = try second.sync()
        _ = try first.sync()
        let merged = try #require(try second.record(id: stew.id)).value
        #expect(merged["name"] == "Saffron stew with beans")
        #expect(merged["method"] == "Soak the saffron.\nSimmer for an hour.\nSalt at the end.\n")
        #expect(Set(merged["tags"]?.arrayValue ?? []) == ["winter", "beans", "quick"])
        #expect(try first.record(id: stew.id)?.value == merged)

        let index = try RecordIndex(store: second)
        let listed = try index.records(type: "recipe", sort: .label)
        #expect(listed.map(\.label) == ["Plain rice", "Saffron stew with beans"])
        let row = try #require(listed.last)
        #expect(row.parent == "sunday" && row.start == "2026-03-01" && row.latitude == 48.87 && row.longitude == 2.36)
        #expect(try index.records(type: "recipe", parent: "weekday").map(\.label) == ["Plain rice"])
        #expect(try index.records(type: "recipe", tag: "quick").map(\.id) == [stew.id])
        #expect(try index.search("salt").map(\.record.id) == [stew.id], "the method is searched")
        #expect(try index.search("canal kitchen").map(\.record.id) == [stew.id], "the place is searched")
        #expect(try index.search("beans", type: "recipe").map(\.record.id) == [stew.id], "the name is searched")
        #expect(try index.tags(type: "recipe").map(\.tag).sorted() == ["beans", "quick", "winter"])
    }
}
