/// A word of a command line that Trove prints for people to paste: quoted only when it must be.
///
/// `trove tracker activate Blue backpack` fails when pasted; `trove tracker activate "Blue backpack"`
/// works in the trove shell and in sh, bash, zsh and fish alike.
public enum PastableWord {
    /// `word` as it must be typed: as it is when plain, else in double quotes (single quotes when it
    /// holds a character that double quotes would still expand).
    public static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.,:/@+=%".contains($0) }
        if plain { return word }
        if !word.contains(where: { "\"$`\\!".contains($0) }) { return "\"" + word + "\"" }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
