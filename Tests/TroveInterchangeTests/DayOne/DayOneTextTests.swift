import Foundation
import Testing
import TroveInterchange

struct DayOneTextTests {
    @Test(arguments: [
        (#"End of sentence\. Next"#, "End of sentence. Next"),
        (#"This\-text\-is\-hyphenated"#, "This-text-is-hyphenated"),
        (#"\(This text is in parentheses\)"#, "(This text is in parentheses)"),
        (#"a back\\slash"#, #"a back\slash"#),
        (##"\*not bold\* \_x\_ \# \! \~ \{ \} \| \@"##, "*not bold* _x_ # ! ~ { } | @"),
        (#"C:\Users\me and \n stay"#, #"C:\Users\me and \n stay"#),
        ("ends with a backslash\\", "ends with a backslash\\"),
        (#"naïve café\. 日本\."#, "naïve café. 日本."),
        ("no escapes at all", "no escapes at all"),
    ])
    func removesBackslashEscapes(escaped: String, plain: String) {
        #expect(DayOneText.unescape(escaped) == plain)
    }

    @Test func leavesCodeSpansAlone() {
        #expect(DayOneText.unescape(#"run `ls \-la` then \- done"#) == #"run `ls \-la` then - done"#)
        #expect(DayOneText.unescape(#"``a \. ` b`` and \."#) == #"``a \. ` b`` and ."#)
        // An unclosed backtick is literal text, so escapes after it still count.
        #expect(DayOneText.unescape(#"a ` b \. c"#) == #"a ` b . c"#)
        // An escaped backtick does not open a span.
        #expect(DayOneText.unescape(#"\` not code \. \`"#) == #"` not code . `"#)
        // A span does not cross a blank line.
        #expect(DayOneText.unescape("a `b\n\nc \\. d` e") == "a `b\n\nc . d` e")
    }

    @Test func leavesFencedCodeBlocksAlone() {
        let text = "Before\\.\n```swift\nlet path = \"a\\\\b\\.c\"\n```\nAfter\\.\n  ~~~~\n\\(x\\)\n~~~~~\nEnd\\."
        let expected = "Before.\n```swift\nlet path = \"a\\\\b\\.c\"\n```\nAfter.\n  ~~~~\n\\(x\\)\n~~~~~\nEnd."
        #expect(DayOneText.unescape(text) == expected)
        // A fence that never closes runs to the end of the text.
        #expect(DayOneText.unescape("x\\.\n```\n\\.\n") == "x.\n```\n\\.\n")
        // A shorter or different fence does not close the block.
        #expect(DayOneText.unescape("````\n```\n\\.\n~~~~\n````\n\\.") == "````\n```\n\\.\n~~~~\n````\n.")
    }

    static let momentText = """
        Intro ![](dayone-moment://646FD9CE9D924262ADB1FA7AF3A2F4DB) text.
        ![](dayone-moment:/video/6F9B2DC7EADE4242A80DC76470D2264E)
        ![a sound](dayone-moment:/audio/08514236013D4E4A9389BFDC24A5F727)
        ![](dayone-moment:/pdfAttachment/0AD5A7C9E8D24BC2A7F5DAD6D21E1A55)
        [a link](https://example.com/x) and again ![](dayone-moment://646FD9CE9D924262ADB1FA7AF3A2F4DB)
        """

    @Test func findsMomentIdentifiersOnce() {
        #expect(DayOneText.momentIdentifiers(in: Self.momentText) == [
            "646FD9CE9D924262ADB1FA7AF3A2F4DB", "6F9B2DC7EADE4242A80DC76470D2264E",
            "08514236013D4E4A9389BFDC24A5F727", "0AD5A7C9E8D24BC2A7F5DAD6D21E1A55",
        ])
        #expect(DayOneText.momentIdentifiers(in: "no media [x](https://a.b)") == [])
    }

    @Test func rewritesOnlyTheURLsItIsGiven() {
        let rewritten = DayOneText.rewritingMoments(in: Self.momentText) { identifier in
            identifier == "6F9B2DC7EADE4242A80DC76470D2264E" ? nil : .url("media/\(identifier.prefix(4)).bin")
        }
        #expect(rewritten == """
            Intro ![](media/646F.bin) text.
            ![](dayone-moment:/video/6F9B2DC7EADE4242A80DC76470D2264E)
            ![a sound](media/0851.bin)
            ![](media/0AD5.bin)
            [a link](https://example.com/x) and again ![](media/646F.bin)
            """)
        #expect(DayOneText.rewritingMoments(in: Self.momentText) { _ in nil } == Self.momentText)
    }

    /// Issue 27: a photo the export lacks must not stay a broken image; its whole link gives way to a placeholder.
    @Test func replacesWholeLinksOfMissingMedia() {
        let rewritten = DayOneText.rewritingMoments(in: Self.momentText) { identifier -> DayOneText.MomentRewrite? in
            switch identifier {
            case "646FD9CE9D924262ADB1FA7AF3A2F4DB": .text("[photo missing from the export]")
            case "08514236013D4E4A9389BFDC24A5F727": .text("[audio missing from the export]")
            case "0AD5A7C9E8D24BC2A7F5DAD6D21E1A55": .url("trove-media:abc")
            default: nil
            }
        }
        #expect(rewritten == """
            Intro [photo missing from the export] text.
            ![](dayone-moment:/video/6F9B2DC7EADE4242A80DC76470D2264E)
            [audio missing from the export]
            ![](trove-media:abc)
            [a link](https://example.com/x) and again [photo missing from the export]
            """)
        // Glued to the sentence before it, as in the fixture's text.
        #expect(DayOneText.rewritingMoments(in: "et\\.![](dayone-moment://X). Next") { _ in .text("[photo missing from the export]") }
                == "et\\.[photo missing from the export]. Next")
    }
}
