/// Where the app says something to the person running it (a missing font or image, a capture
/// written). One line per problem, never a stack trace; repeated problems are said once.
@MainActor
public enum Diagnostics {
    /// Replaced by tests to collect messages instead of printing them.
    public static var sink: (String) -> Void = { message in
        FileOutput.standardError.write(message + "\n")
    }

    private static var alreadySaid: Set<String> = []

    public static func say(_ message: String) {
        sink(message)
    }

    /// Says `message` the first time `key` is seen; a missing image drawn every frame is reported once.
    public static func sayOnce(key: String, _ message: String) {
        guard alreadySaid.insert(key).inserted else { return }
        sink(message)
    }
}
