/// Trimming white space at the ends of text, as Foundation's `trimmingCharacters(in:)` does with
/// `.whitespacesAndNewlines` and `.whitespaces`, over the same Unicode scalars, without its bridge through
/// NSString: that took 3 µs a call on Linux, and reading an iCalendar file trims every summary, place and note
/// (50 ms of a 10,000-event import).
extension StringProtocol {
    /// The text without white space or line ends at either end: Unicode's White_Space (the Z categories,
    /// U+0009 to U+000D and U+0085) and the zero-width space, which is what `.whitespacesAndNewlines` holds.
    public func trimmingWhitespace() -> String {
        trimming { $0.value < 0x80 ? $0.value == 0x20 || (0x09...0x0D).contains($0.value) : $0.properties.isWhitespace || $0.value == 0x200B }
    }

    /// The text without spaces or tabs at either end: the space separators, U+0009 and the zero-width space,
    /// which is what `.whitespaces` holds.
    public func trimmingSpaces() -> String {
        trimming { $0.value < 0x80 ? $0.value == 0x20 || $0.value == 0x09 : $0.properties.generalCategory == .spaceSeparator || $0.value == 0x200B }
    }

    private func trimming(_ isSpace: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
