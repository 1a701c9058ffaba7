/// One ANSI "select graphic rendition" attribute, such as bold or a 256-colour background.
///
/// Renderers take a `color: Bool` and call `apply`, which adds no escape codes at all when it is false.
struct SGR: Hashable, Sendable {
    /// The attribute's parameters, as written between `ESC[` and `m` (for example `1` or `48;5;236`).
    var code: String

    static let bold = SGR(code: "1")
    static let dim = SGR(code: "2")
    static let reverse = SGR(code: "7")

    /// A foreground colour from the 256-colour palette (0–7 are the basic colours).
    static func foreground(_ index: Int) -> SGR { SGR(code: "38;5;\(index)") }

    /// A background colour from the 256-colour palette.
    static func background(_ index: Int) -> SGR { SGR(code: "48;5;\(index)") }

    /// The sequence that turns every attribute off.
    static let reset = "\u{1B}[0m"

    /// The sequence that turns `attributes` on.
    static func start(_ attributes: [SGR]) -> String {
        "\u{1B}[" + attributes.map(\.code).joined(separator: ";") + "m"
    }

    /// `text` wrapped in `attributes` and a reset; unchanged when `color` is false, or there is nothing to style.
    static func apply(_ attributes: [SGR], to text: String, color: Bool) -> String {
        guard color, !attributes.isEmpty, !text.isEmpty else { return text }
        return start(attributes) + text + reset
    }
}
