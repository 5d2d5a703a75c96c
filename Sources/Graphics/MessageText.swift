/// What the app says is read in a terminal: a name or a line taken from the user's input is shown
/// with its control characters escaped (an escape sequence is not sent to the terminal raw) and
/// cut to a sane length (a 20 MB name is not echoed whole).
public enum MessageText {
    /// `text` as it appears inside a message: control characters escaped (`\n`, `\t`, `\0`,
    /// `\u{1B}`), and at most `limit` characters, the rest counted.
    public static func quoted(_ text: String, limit: Int = 120) -> String {
        let (shown, count) = escaped(text, limit: limit, keepingLineBreaks: false)
        return count > limit ? shown + "… (\(count) characters)" : shown
    }

    /// A whole message: control characters other than line breaks escaped, and at most `limit`
    /// characters.
    public static func line(_ message: String, limit: Int = 2000) -> String {
        let (shown, count) = escaped(message, limit: limit, keepingLineBreaks: true)
        return count > limit ? shown + "… (cut at \(limit) of \(count) characters)" : shown
    }

    /// The first `limit` characters of `text` escaped, and how many characters it has in all.
    private static func escaped(_ text: String, limit: Int, keepingLineBreaks: Bool) -> (String, Int) {
        var shown = ""
        var count = 0
        for character in text {
            count += 1
            guard count <= limit else { continue }
            shown += keepingLineBreaks && character == "\n" ? "\n" : escaped(character)
        }
        return (shown, count)
    }

    private static func escaped(_ character: Character) -> String {
        switch character {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        case "\0": return "\\0"
        default:
            guard character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return String(character)
            }
            return character.unicodeScalars.map { scalar in
                scalar.properties.generalCategory == .control
                    ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }.joined()
        }
    }
}
