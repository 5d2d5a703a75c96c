import Graphics

/// One white texture per (text, font, pixel size), tinted at draw time, so steady-state frames
/// create no textures. Entries unused for half a minute of frames are released; so is text drawn
/// on one frame only and not again within a second (a HUD's numbers, which change every frame),
/// and the cache never holds more than `maximumEntries` textures: the least recently used go
/// first. Its bytes count in the renderer's one budget (`RenderResources`), which may take its
/// least recently used entries too.
@MainActor
final class TextTextureCache {
    struct Entry {
        var texture: ExecutorTexture
        var width: Int32
        var height: Int32
        var lastUsedFrame: Int
        var createdFrame: Int
        var bytes: Int { Int(width) * Int(height) * 4 }
    }

    /// At most this many text textures at once (a busy screen shows a few hundred labels).
    static let maximumEntries = 768
    /// Text drawn on its first frame only and not again within this many frames is let go.
    static let probationFrames = 60

    struct Key: Hashable {
        var text: String
        var font: Font
        var pixelScale: Double
    }

    private let executor: any RenderExecutor
    private var entries: [Key: Entry] = [:]
    /// Keys in the order their textures were made, for the probation check (oldest first).
    private var newcomers: [(key: Key, frame: Int)] = []
    private var newcomersStart = 0
    /// Bytes of the textures alive now.
    private(set) var bytes = 0
    /// Text textures alive now.
    var count: Int { entries.count }
    private var frame = 0
    /// Texture creations since start; benchmarks and tests read it to prove steady state creates none.
    private(set) var creations = 0
    /// Half a minute: a panel scrolled away and back still finds its labels (no texture made).
    static let idleFramesBeforeRelease = 1800

    /// Asks the renderer's resources for room for a texture of this many bytes.
    var makeRoom: (Int) -> Void = { _ in }

    init(executor: any RenderExecutor) {
        self.executor = executor
    }

    func beginFrame() {
        frame += 1
    }

    func endFrame() {
        releaseOneFrameText()
        guard frame % 120 == 0 else { return }
        for (key, entry) in entries where frame - entry.lastUsedFrame > Self.idleFramesBeforeRelease {
            release(key)
        }
    }

    /// Lets go of text that was drawn on the frame it was made and not since, once it has had a
    /// second to come back.
    private func releaseOneFrameText() {
        while newcomersStart < newcomers.count, frame - newcomers[newcomersStart].frame > Self.probationFrames {
            let (key, made) = newcomers[newcomersStart]
            newcomersStart += 1
            if let entry = entries[key], entry.createdFrame == made, entry.lastUsedFrame == made { release(key) }
        }
        if newcomersStart > 256 {
            newcomers.removeFirst(newcomersStart)
            newcomersStart = 0
        }
    }

    /// Lets go of one entry; its bytes.
    @discardableResult
    func release(_ key: Key) -> Int {
        guard let entry = entries.removeValue(forKey: key) else { return 0 }
        executor.destroy(entry.texture)
        bytes -= entry.bytes
        return entry.bytes
    }

    /// Every text texture kept, as the renderer's keep policy weighs them, with their keys.
    /// Named only when `named` (the names break ties among textures to let go; asking whether
    /// anything must go needs none).
    func kept(named: Bool) -> [(texture: KeptTexture, key: Key)] {
        entries.map { key, entry in
            (
                KeptTexture(
                    kind: .text, bytes: entry.bytes, lastDrawnFrame: entry.lastUsedFrame,
                    // Spelled out: a font printed by reflection cost the inspector 2 % of its frame.
                    name: named
                        ? key.text + " " + String(key.font.size) + key.font.weight.rawValue + String(key.pixelScale)
                        : ""),
                key
            )
        }
    }

    /// Keeps the count under `maximumEntries`: the least recently used go (never what this frame
    /// draws), down to three quarters of it.
    private func makeRoomForOneMore() {
        guard entries.count + 1 > Self.maximumEntries else { return }
        let oldestFirst = entries.sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }
        for (key, entry) in oldestFirst {
            guard entry.lastUsedFrame < frame else { break }
            release(key)
            if entries.count + 1 <= Self.maximumEntries * 3 / 4 { break }
        }
    }

    func texture(for text: String, font: Font, pixelScale: Double) -> Entry? {
        let key = Key(text: text, font: font, pixelScale: pixelScale)
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            entries[key] = entry
            return entry
        }
        makeRoomForOneMore()
        guard let made = executor.makeTextTexture(text, font: font, pixelScale: pixelScale) else { return nil }
        // Room for it before it is kept (it is not idle, so what goes is what would have gone).
        makeRoom(Int(made.width) * Int(made.height) * 4)
        creations += 1
        // Rendered at the requested pixel scale: its size is in the target's pixels.
        let entry = Entry(
            texture: made.texture, width: made.width, height: made.height, lastUsedFrame: frame,
            createdFrame: frame)
        entries[key] = entry
        bytes += entry.bytes
        newcomers.append((key, frame))
        return entry
    }

    func releaseAll() {
        for entry in entries.values { executor.destroy(entry.texture) }
        entries = [:]
        newcomers = []
        newcomersStart = 0
        bytes = 0
    }
}
