/// The settings the panel edits. One lives as long as the app (the app controller holds it), so a
/// toggle keeps its state when the panel closes or the scene is left and opened again.
@MainActor
public final class SettingsModel {
    public struct Toggle: Sendable {
        public let key: String
        public let title: String
        public var isOn: Bool
    }

    public private(set) var toggles: [Toggle] = [
        Toggle(key: "sounds", title: "Sounds", isOn: true),
        Toggle(key: "haptics", title: "Haptics", isOn: true),
        Toggle(key: "reminders", title: "Reminders", isOn: false),
        Toggle(key: "weekends", title: "Weekends", isOn: false),
    ]

    public init() {}

    public func isOn(_ key: String) -> Bool {
        toggles.first { $0.key == key }?.isOn ?? false
    }

    public func set(_ key: String, _ on: Bool) {
        guard let index = toggles.firstIndex(where: { $0.key == key }) else { return }
        toggles[index].isOn = on
    }
}
