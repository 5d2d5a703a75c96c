import Platform

/// A tool as the host's key routing sees it: the letters it owns (always its own), and a handler
/// that also gets the keys nobody owns while the tool holds them (a tuning slider's arrows, the
/// inspector's arrows while it is on). A new key is a letter in the tool's `shortcuts` and a case
/// in its handler; the host does not change.
package struct ToolShortcuts {
    /// The keys this tool owns.
    package let keys: [Key]
    /// Handles one of `keys`, or any other key while the tool holds the keys; false otherwise.
    let handle: (Key) -> Bool

    package init(keys: [Key], handle: @escaping (Key) -> Bool) {
        self.keys = keys
        self.handle = handle
    }
}

extension [ToolShortcuts] {
    /// Offers `key` to the tool that owns it; a key no tool owns goes to each tool in turn until
    /// one holds it.
    @MainActor
    package func route(_ key: Key) -> Bool {
        if let owner = first(where: { $0.keys.contains(key) }) { return owner.handle(key) }
        return contains { $0.handle(key) }
    }
}
