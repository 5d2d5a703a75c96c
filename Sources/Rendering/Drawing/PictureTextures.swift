import Graphics

/// The renderer's textures of pictures, within the renderer's one budget (`RenderResources`): a
/// picture no frame draws now gives its texture back when the room is needed (the biggest first),
/// and comes back from the disk cache (or a decode) if it is drawn later. A picture shown only
/// inside a rasterized layer (a panel of a row) is not drawn — the layer holds it — so the budget
/// may take it too; kept while there is room, the picture of the panel most on screen last (the
/// one a tap opens), so a room opens from its panel without waiting. In a real window a picture is uploaded as soon as its
/// background decode is done (one per frame), not in the frame that first shows it.
@MainActor
final class PictureTextures {
    private let executor: any RenderExecutor
    private let assets: any PictureSource

    private struct Entry {
        var texture: ExecutorTexture
        var pixelWidth: Int
        var pixelHeight: Int
        /// The last frame that drew it.
        var lastUsedFrame: Int
        /// The last frame a rasterized layer holding it was on screen (or that drew it).
        var lastShownFrame: Int
        /// How many pixels of that layer were on screen then.
        var shownArea: Double = .infinity
        var bytes: Int { pixelWidth * pixelHeight * 4 }
        var sized: SizedTexture {
            SizedTexture(texture: texture, width: Int32(pixelWidth), height: Int32(pixelHeight))
        }
    }
    private var entries: [String: Entry] = [:]
    /// The asset store's generation the textures were made from.
    private var generation = 0
    private var frameNumber = 0
    /// Decoded pictures waiting to be uploaded ahead of their first draw.
    private var arrived: [ImageRef] = []
    /// Pictures decoded and waiting to be uploaded ahead of their first draw.
    var hasUploadsWaiting: Bool { !arrived.isEmpty }

    private(set) var texturesMade = 0
    var count: Int { entries.count }
    /// Whether `image` is held as a texture now.
    func holds(_ image: ImageRef) -> Bool { entries[image.name] != nil }
    /// Bytes of picture textures alive now.
    var residentBytes: Int { entries.values.reduce(0) { $0 + $1.bytes } }

    init(executor: any RenderExecutor, assets: any PictureSource) {
        self.executor = executor
        self.assets = assets
    }

    /// Asks the renderer's resources for room for a texture of this many bytes.
    var makeRoom: (Int) -> Void = { _ in }
    /// Told when a picture's texture comes or goes: what is drawn may change.
    var availabilityChanged: () -> Void = {}

    /// Called before the frame is drawn: takes in background decodes and uploads one of them.
    func beginFrame() {
        frameNumber += 1
        if generation != assets.generation {
            releaseAll()
            generation = assets.generation
        }
        for name in assets.takeWithdrawn() where entries[name] != nil { _ = evict(name) }
        // Headless runs take a decode only when a frame draws the picture, so what is uploaded
        // (and so what is later evicted) never depends on how fast the background was.
        guard assets.decodesInBackground else { return }
        arrived += assets.receiveDecoded().map { ImageRef($0) }
        // Upload ahead of need, at most one per frame so a burst of arrivals spreads out.
        while let next = arrived.first {
            arrived.removeFirst()
            guard entries[next.name] == nil else { continue }
            if case .made(let texture) = assets.upload(next) {
                keep(texture, for: next, usedIn: frameNumber)
                break
            }
        }
    }

    /// What drawing `image` gets this frame.
    enum Lookup {
        case ready(SizedTexture)
        /// Still decoding (a real window): nothing is drawn yet.
        case notYet
        case missing
    }

    func texture(for image: ImageRef) -> Lookup {
        if var entry = entries[image.name] {
            entry.lastUsedFrame = frameNumber
            entry.lastShownFrame = frameNumber
            entry.shownArea = .infinity
            entries[image.name] = entry
            return .ready(entry.sized)
        }
        // Room first: what no frame draws goes before a decode holds the file's pixels twice.
        let working = assets.decodeWorkingBytes(of: image)
        if working > 0 { makeRoom(working) }
        switch assets.upload(image) {
        case .decoding: return .notYet
        case .missing: return .missing
        case .made(let texture): return .ready(keep(texture, for: image, usedIn: frameNumber).sized)
        }
    }

    /// Notes `images` as on screen inside a rasterized layer with `shownArea` pixels showing: not
    /// drawn (the layer holds them), so the budget may take them, the least shown first — all
    /// but the pictures of the layer most on screen (`endFrame`).
    func touch(_ images: [ImageRef], shownArea: Double) {
        for image in images {
            guard var entry = entries[image.name] else { continue }
            entry.shownArea = entry.lastShownFrame == frameNumber ? max(entry.shownArea, shownArea) : shownArea
            entry.lastShownFrame = frameNumber
            entries[image.name] = entry
            if shownArea > mostShown.area || (shownArea == mostShown.area && images != mostShown.images) {
                mostShown = (shownArea, images)
            }
        }
    }

    /// The pictures of the layer most on screen this frame, and how much of it showed.
    private var mostShown: (area: Double, images: [ImageRef]) = (0, [])

    /// Counts the pictures of the layer most on screen as drawn: the panel a tap opens keeps its
    /// picture, so its room opens without waiting for the disk cache.
    func endFrame() {
        for image in mostShown.images {
            entries[image.name]?.lastUsedFrame = frameNumber
        }
        mostShown = (0, [])
    }

    /// Keeps a picture's new texture. A texture the frame draws is not idle: the budget is for
    /// what stays beyond the screen (the end of the frame trims it), so a room's picture coming
    /// in does not push out every retired panel layer with it.
    @discardableResult
    private func keep(_ texture: SizedTexture, for image: ImageRef, usedIn frame: Int) -> Entry {
        availabilityChanged()
        texturesMade += 1
        let entry = Entry(
            texture: texture.texture, pixelWidth: Int(texture.width), pixelHeight: Int(texture.height),
            lastUsedFrame: frame, lastShownFrame: frame)
        entries[image.name] = entry
        return entry
    }

    /// Every picture texture kept, as the renderer's keep policy weighs them (a picture counts
    /// as seen while a layer holding it is on screen), with their names.
    func kept() -> [(texture: KeptTexture, name: String)] {
        entries.map { name, entry in
            (
                KeptTexture(
                    kind: .picture, bytes: entry.bytes, lastDrawnFrame: entry.lastUsedFrame,
                    lastSeenFrame: entry.lastShownFrame, shownArea: entry.shownArea, name: name), name
            )
        }
    }

    /// Gives one picture's texture back; its bytes.
    func evict(_ name: String) -> Int {
        guard let entry = entries.removeValue(forKey: name) else { return 0 }
        executor.destroy(entry.texture)
        assets.didEvict(ImageRef(name))
        availabilityChanged()
        return entry.bytes
    }

    func releaseAll() {
        for (name, entry) in entries {
            executor.destroy(entry.texture)
            assets.didEvict(ImageRef(name))
        }
        entries = [:]
        availabilityChanged()
    }
}
