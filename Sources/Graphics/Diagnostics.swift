/// Where the app says something to the person running it (a missing font or image, a file that
/// could not be written). One line per problem, never a stack trace; repeated problems are said
/// once. One per app: whoever starts it makes one and hands it to the backend, which shares it
/// with the host, so two apps (or two tests) never mix their messages.
@MainActor
public final class Diagnostics {
    /// Where each line goes: stderr, or a test's collector.
    public var sink: (String) -> Void
    private var alreadySaid: Set<String> = []

    public init(sink: @escaping (String) -> Void = { FileOutput.standardError.write($0 + "\n") }) {
        self.sink = sink
    }

    /// Says `message` as one readable line (see `MessageText.line`).
    public func say(_ message: String) {
        sink(MessageText.line(message))
    }

    /// Says `message` the first time `key` is seen; a missing image drawn every frame is reported once.
    public func sayOnce(key: String, _ message: String) {
        guard alreadySaid.insert(key).inserted else { return }
        sink(MessageText.line(message))
    }
}
