/// Reads one line of a position stream, whatever its format: NMEA 0183 or JSON.
public enum PositionLine {
    /// The fix in one line, or `nil` when the line holds none.
    ///
    /// The first non-blank character chooses the reader: `$` or `!` for an NMEA sentence
    /// (`NMEASentence`), `{` for JSON (`JSONPosition`). Blank lines, other text, fixes the
    /// source marks invalid, and coordinates that are not finite or off the globe
    /// (beyond ±90° latitude or ±180° longitude) all give `nil`.
    public static func parse(_ line: String) -> PositionFix? {
        guard let first = line.first(where: { !$0.isWhitespace }) else { return nil }
        let fix: PositionFix?
        switch first {
        case "$", "!": fix = NMEASentence.parse(line)
        case "{": fix = JSONPosition.parse(line)
        default: fix = nil
        }
        // Checked here, once, so that every format gets the same rule.
        guard let fix, fix.hasValidCoordinates else { return nil }
        return fix
    }
}
