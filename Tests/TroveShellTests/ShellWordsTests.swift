import Testing
@testable import TroveShell

@Suite("splitting shell lines")
struct ShellWordsTests {
    @Test("quotes, backslashes, ';' between commands and '#' comments")
    func commands() throws {
        #expect(try ShellWords.commands(#"record put dog --json '{"name": "Rex"}'"#) == [["record", "put", "dog", "--json", #"{"name": "Rex"}"#]])
        #expect(try ShellWords.commands(#"search "crème brûlée"; status"#) == [["search", "crème brûlée"], ["status"]])
        #expect(try ShellWords.commands(#"show a\ b\;c"#) == [["show", "a b;c"]])
        #expect(try ShellWords.commands("status # what is there") == [["status"]])
        #expect(try ShellWords.commands("search '#hashtag'") == [["search", "#hashtag"]])
        #expect(try ShellWords.commands("search a#b") == [["search", "a#b"]])
        #expect(try ShellWords.commands("  ;; # only a comment").isEmpty)
        #expect(throws: ShellWords.UnterminatedQuote.self) { try ShellWords.commands("search 'open") }
        #expect(throws: ShellWords.UnterminatedQuote.self) { try ShellWords.commands("search trailing\\") }
    }

    @Test("the word being completed, and how it was typed")
    func completion() {
        let (partial, count) = ShellWords.splitForCompletion("record li")
        #expect(partial == ["record", "li"] && count == 2)
        let (words, typed) = ShellWords.splitForCompletion("record list entry --in \"Mor")
        #expect(words == ["record", "list", "entry", "--in", "Mor"] && typed == 4)
        let (after, none) = ShellWords.splitForCompletion("status; record ")
        #expect(after == ["record", ""] && none == 0)
        let (escaped, length) = ShellWords.splitForCompletion(#"show Morning\ p"#)
        #expect(escaped == ["show", "Morning p"] && length == 10)
    }

    @Test("escaping a candidate so that it reads back as itself")
    func escaping() throws {
        for word in ["Morning pages", "it's", #"a "quoted" b"#, "semi;colon", "#tag", "plain"] {
            #expect(try ShellWords.commands("show " + ShellWords.escaped(word)) == [["show", word]])
        }
        #expect(ShellWords.escaped("Morning pages") == #"Morning\ pages"#)
    }
}
