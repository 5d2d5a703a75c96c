import Controllers
import Foundation
import Graphics
import Tools
import Views

/// The JSON a test or a checking tool reads to know what is on screen: every view with its
/// window frame after transforms, effective alpha and visibility, plus the scene state.
/// Field names are a contract (see docs/SCRIPTING.md, "Tree dump"); extend, never rename.
public struct TreeDump: Encodable {
    public struct Entry: Encodable {
        public var id: String?
        public var type: String
        public var frame: [Double]
        public var alpha: Double
        public var hidden: Bool
        public var text: String?
        public var contentOffset: [Double]?
        public var contentSize: [Double]?
        /// A status bar's content style: "darkContent" or "lightContent".
        public var style: String?

        enum CodingKeys: String, CodingKey {
            case id, type, frame, alpha, hidden, text, contentOffset, contentSize, style
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(frame, forKey: .frame)
            try container.encode(alpha, forKey: .alpha)
            try container.encode(hidden, forKey: .hidden)
            try container.encodeIfPresent(text, forKey: .text)
            try container.encodeIfPresent(contentOffset, forKey: .contentOffset)
            try container.encodeIfPresent(contentSize, forKey: .contentSize)
            try container.encodeIfPresent(style, forKey: .style)
        }
    }

    public var time: Double
    public var scene: String
    public var settled: Bool
    /// A present, dismiss, push or pop is under way (interactive ones included).
    public var transitioning: Bool
    public var controllers: [String]
    public var views: [Entry]
    /// The current scene's tunable constants and the kit's, name → value (live tuning).
    public var parameters: [String: Double] = [:]
    /// The motion lab's clock: how many times slower than normal, and whether it is paused.
    public var slowdown = 1.0
    public var paused = false
    /// Reduce Motion (M, `--reduce-motion`): the scene's transitions cross-fade.
    public var reduceMotion = false
    /// Textures the renderer holds now: flat over a long run (the soak reads it from a window).
    public var textures: Int?
    /// The window's size in points, and where the scene sits in it ([x, y, w, h]): the scene
    /// keeps its size whatever tools are open; the dock widens the window beside it.
    public var window: [Double] = []
    public var sceneFrame: [Double] = []
    /// While the teardown inspector is on: its mode, the selected view, every slab (id, type,
    /// depth in the tree) and the animations acting on the selected view now.
    var inspector: InspectorDump?
    /// The motion lab's recorder: its state, frames so far and the last recording's files.
    public var recording: RecordingDump?
    /// The reference video, once one is loaded: its file, size, rate, frames, where its motion
    /// begins, the onion skin's opacity and the frame shown.
    var reference: ReferenceDump?

    enum CodingKeys: String, CodingKey {
        case time, scene, settled, transitioning, controllers, views, parameters, slowdown, paused, textures, window
        case sceneFrame = "scene_frame"
        case inspector, recording, reference
        case reduceMotion = "reduce_motion"
    }

    /// Rounded so that float noise (234.00000000000003) does not make equal states look different.
    public static func rounded(_ value: Double) -> Double { NumberText.rounded(value) }

    @MainActor
    public init(
        time: Double, scene: String, settled: Bool, transitioning: Bool, controllers: [ViewController], root: View,
        tools: [View] = []
    ) {
        self.time = Self.rounded(time)
        self.scene = scene
        self.settled = settled
        self.transitioning = transitioning
        self.controllers = controllers.map(\.dumpName)
        var entries: [Entry] = []
        Self.collect(root, into: &entries)
        // The tools drawn over the scene (toasts, the hint: ids `lab.…`), after its views.
        for view in tools { Self.collect(view, into: &entries) }
        views = entries
    }

    @MainActor
    private static func collect(_ view: View, into entries: inout [Entry]) {
        let frame = view.frameInRoot
        var entry = Entry(
            id: view.accessibilityIdentifier, type: String(describing: type(of: view)),
            frame: [frame.minX, frame.minY, frame.width, frame.height].map(rounded),
            alpha: rounded(view.effectiveAlpha), hidden: view.isEffectivelyHidden)
        if let label = view as? Label { entry.text = label.text }
        if let statusBar = view as? StatusBarView { entry.style = String(describing: statusBar.style) }
        if let scroll = view as? ScrollView {
            entry.contentOffset = [scroll.presented.bounds.minX, scroll.presented.bounds.minY].map(rounded)
            entry.contentSize = [scroll.contentSize.width, scroll.contentSize.height].map(rounded)
        }
        entries.append(entry)
        for child in view.subviews { collect(child, into: &entries) }
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// The inspector's part of the dump.
struct InspectorDump: Encodable {
    struct Slab: Encodable {
        var id: String?
        var type: String
        var depth: Int
        /// In 3D, where it stands in the stack: one above its parent and above every view drawn
        /// before it that it overlaps (a presented view stands above the screen beneath).
        var level: Int?
        /// In 3D, where the slab is drawn in the scene (points): its four corners, top left,
        /// top right, bottom right, bottom left (absent for a view with nothing in the scene).
        var corners: [[Double]]?
    }

    var mode: String
    var selected: String?
    /// The turn (degrees) and spread (points) of the exploded stack.
    var yaw: Double
    var pitch: Double
    var spacing: Double
    var slabs: [Slab]
    var animations: [InspectedAnimation]
    /// In 2D, the view under the pointer (named beside its frame); absent when none.
    var hovered: String?

    enum CodingKeys: String, CodingKey { case mode, selected, yaw, pitch, spacing, slabs, animations, hovered }

    /// `selected` is always there: null when nothing is selected.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mode, forKey: .mode)
        try container.encode(selected, forKey: .selected)
        try container.encode(yaw, forKey: .yaw)
        try container.encode(pitch, forKey: .pitch)
        try container.encode(spacing, forKey: .spacing)
        try container.encode(slabs, forKey: .slabs)
        try container.encode(animations, forKey: .animations)
        try container.encodeIfPresent(hovered, forKey: .hovered)
    }
}
