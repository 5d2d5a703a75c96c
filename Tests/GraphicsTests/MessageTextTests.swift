import Graphics
import Testing

/// What the app echoes from its input reaches a terminal: escapes are shown, not obeyed, and a
/// huge name is cut to a line.
@Suite struct MessageTextTests {
    @Test func controlCharactersAreShownEscaped() {
        #expect(MessageText.quoted("red\u{1B}[31m\0tab\there") == "red\\u{1B}[31m\\0tab\\there")
    }

    @Test func aLongNameIsCutAndCounted() {
        let shown = MessageText.quoted(String(repeating: "x", count: 20_000), limit: 10)
        #expect(shown == "xxxxxxxxxx… (20000 characters)")
    }

    @Test func aMessageKeepsItsLineBreaksAndStaysBounded() {
        #expect(MessageText.line("one\ntwo\u{7}") == "one\ntwo\\u{7}")
        #expect(MessageText.line(String(repeating: "y", count: 5000)).count < 2100)
    }
}
