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

/// A path's folder and name from the string itself: one-character names (which trapped inside
/// Foundation) and slashes at either end.
struct FilePathTests {
    @Test(arguments: [
        ("z", "", "z"), ("-", "", "-"), (".", "", "."), ("a/b", "a", "b"), ("/x", "/", "x"),
        ("/a/b/c.png", "/a/b", "c.png"), ("dir/", "", "dir"), ("a//b", "a", "b"),
    ])
    func foldersAndNames(path: String, folder: String, name: String) {
        #expect(FilePath.folder(of: path) == folder)
        #expect(FilePath.name(of: path) == name)
    }
}
