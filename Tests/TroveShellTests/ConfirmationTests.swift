import Testing
@testable import TroveShell

struct ConfirmationTests {
    /// The answer and everything written, answering with `replies` in turn (nil once they run out).
    func ask(
        default defaultAnswer: Bool = false, assumeYes: Bool = false, interactive: Bool = true, replies: [String?]
    ) -> (answer: Bool, written: [String], reads: Int) {
        var written: [String] = []
        var reads = 0
        let answer = Confirmation.ask(
            "Delete this record?", default: defaultAnswer, assumeYes: assumeYes, interactive: interactive,
            read: {
                defer { reads += 1 }
                return reads < replies.count ? replies[reads] : nil
            },
            write: { written.append($0) }
        )
        return (answer, written, reads)
    }

    @Test func acceptsYesAndNoInAnyCase() {
        for reply in ["y", "Y", "yes", "YES", " Yes \n"] { #expect(ask(replies: [reply]).answer == true, "\(reply)") }
        for reply in ["n", "N", "no", "No"] { #expect(ask(default: true, replies: [reply]).answer == false, "\(reply)") }
    }

    @Test func showsTheDefaultInThePrompt() {
        #expect(ask(replies: ["y"]).written == ["Delete this record? [y/N] "])
        #expect(ask(default: true, replies: ["y"]).written == ["Delete this record? [Y/n] "])
    }

    @Test func takesTheDefaultForAnEmptyAnswer() {
        #expect(ask(default: false, replies: [""]).answer == false)
        #expect(ask(default: true, replies: ["  "]).answer == true)
    }

    @Test func asksAgainAfterAnUnclearAnswer() {
        let result = ask(replies: ["maybe", "y"])
        #expect(result.answer == true)
        #expect(result.written == ["Delete this record? [y/N] ", "Please answer y or n.\n", "Delete this record? [y/N] "])
    }

    @Test func takesTheDefaultAfterThreeUnclearAnswers() {
        let result = ask(default: true, replies: ["what", "huh", "eh", "n"])
        #expect(result.answer == true)
        #expect(result.reads == 3)
        #expect(result.written.last == "Taking that as yes.\n")
    }

    @Test func takesTheDefaultAtTheEndOfInput() {
        let result = ask(default: false, replies: [])
        #expect(result.answer == false)
        #expect(result.written == ["Delete this record? [y/N] ", "\n"])
        #expect(ask(default: true, replies: [nil]).answer == true)
    }

    @Test func assumeYesAsksNothing() {
        let result = ask(assumeYes: true, interactive: false, replies: ["n"])
        #expect(result.answer == true)
        #expect(result.written.isEmpty && result.reads == 0)
    }

    @Test func scriptsGetNoWithoutBeingRead() {
        for defaultAnswer in [false, true] {
            let result = ask(default: defaultAnswer, interactive: false, replies: ["y"])
            #expect(result.answer == false)
            #expect(result.reads == 0)
            #expect(result.written == ["Delete this record? no (pass --yes to confirm in a script)\n"])
        }
    }
}
