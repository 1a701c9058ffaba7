import Foundation
import TroveJSON

/// One compiled schema: the keywords of a schema object, ready to check values against.
///
/// Subschemas are indexes into the owning `SchemaGraph`, so `$ref` cycles cost nothing.
/// A class, because the validator visits nodes constantly and copying a struct of this
/// size retains every field each time. The compiler fills a node in, and no one changes
/// it once the graph is built, which is why the unchecked `Sendable` is sound.
final class SchemaNode: @unchecked Sendable {
    /// Where the schema came from, `file#pointer`, for error messages.
    var location: String
    /// `true`/`false` for a boolean schema; `nil` for a schema object.
    var constant: Bool?

    var ref: Int?
    var types: [String]?
    var constValue: JSONValue?
    var enumValues: [JSONValue]?

    /// Declared properties in name order (for stable reports), and the same by name (for lookup).
    var properties: [(name: String, node: Int)] = [] {
        didSet { propertyIndex = Dictionary(properties.map { ($0.name, $0.node) }, uniquingKeysWith: { first, _ in first }) }
    }
    private var propertyIndex: [String: Int] = [:]
    var required: [String] = []
    var additionalProperties: Int?
    var dependentRequired: [(name: String, needs: [String])] = []

    var minLength: Int?
    var maxLength: Int?
    var pattern: Pattern?
    var format: String?

    var minimum: Double?
    var maximum: Double?
    var exclusiveMinimum: Double?
    var exclusiveMaximum: Double?

    var items: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false

    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifNode: Int?
    var thenNode: Int?
    var elseNode: Int?

    /// `x-message`: the text shown instead of the generic one when a pattern or a choice fails.
    var message: String?
    /// Every `x-*` keyword, such as `x-merge`; they never affect validity.
    var extensions: [String: JSONValue] = [:]

    init(location: String, constant: Bool? = nil) {
        self.location = location
        self.constant = constant
    }

    /// The node's property named `name`, if it declares one.
    func property(_ name: String) -> Int? {
        propertyIndex[name]
    }
}

/// A compiled regular expression with its source text.
///
/// `NSRegularExpression` is immutable and documented as safe to share across
/// threads, but not every Foundation marks it `Sendable`, hence the unchecked box.
struct Pattern: Sendable {
    let source: String
    /// The byte matcher for simple anchored patterns, tried first.
    let fast: BytePattern?
    private let regex: LazyRegularExpression

    /// - Parameter checking: compile the expression now when the byte matcher does not take it, so that a bad
    ///   one fails the catalog; without, it is compiled only if ever needed (the bundled schemas, which a test
    ///   compiles whole: the first compilation sets up ICU's regular expressions, a millisecond or two a command).
    init(_ source: String, checking: Bool = true) throws {
        self.source = source
        fast = BytePattern(source)
        regex = LazyRegularExpression(Self.icu(source))
        // A pattern the byte matcher takes is a valid expression, compiled only if ever needed.
        if fast == nil && checking { _ = try regex.compiled() }
    }

    /// An ECMA-262 pattern (what JSON Schema's `pattern` is) as ICU reads it: `$` becomes `\z`.
    ///
    /// Without the multiline flag ECMA-262's `$` matches only at the end of the input, while ICU's (like
    /// Perl's) also matches before a final line break, so `^[0-9a-f-]{36}$` took an id ending in "\n" and a
    /// record was written to a file named with the line break. `\z` is ICU's end of input and nothing else.
    /// Escapes and character classes are copied as they are: a `$` there is a dollar sign.
    static func icu(_ source: String) -> String {
        var result = ""
        var inClass = false
        var escaped = false
        for character in source {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "$" {
                result += "\\z"
                continue
            }
            result.append(character)
        }
        return result
    }

    /// Whether the pattern matches anywhere in `text` (JSON Schema patterns are not anchored).
    func matches(_ text: String) -> Bool {
        if let fast, let matched = fast.matches(text) { return matched }
        guard let regex = try? regex.compiled() else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// A regular expression compiled on first use, once, whichever thread asks.
private final class LazyRegularExpression: @unchecked Sendable {
    private let source: String
    private let lock = NSLock()
    private var value: NSRegularExpression?

    init(_ source: String) { self.source = source }

    func compiled() throws -> NSRegularExpression {
        lock.lock(); defer { lock.unlock() }
        if let value { return value }
        let regex = try NSRegularExpression(pattern: source)
        value = regex
        return regex
    }
}

/// Every compiled schema of a catalog, shared by its record formats.
final class SchemaGraph: Sendable {
    let nodes: [SchemaNode]

    init(nodes: [SchemaNode]) { self.nodes = nodes }

    subscript(index: Int) -> SchemaNode { nodes[index] }

    /// The node reached by following `$ref`s from `index` while a node is only a reference.
    func resolved(_ index: Int) -> SchemaNode {
        var node = nodes[index]
        var hops = 0
        while let target = node.ref, node.properties.isEmpty, hops < 64 {
            node = nodes[target]
            hops += 1
        }
        return node
    }

    /// The value of extension keyword `key` on `index` or, failing that, on the schemas it references.
    func extensionValue(_ key: String, at index: Int) -> JSONValue? {
        var current: Int? = index
        var hops = 0
        while let position = current, hops < 64 {
            if let value = nodes[position].extensions[key] { return value }
            current = nodes[position].ref
            hops += 1
        }
        return nil
    }
}
