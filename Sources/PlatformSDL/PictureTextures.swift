import CSDL2
import Graphics

/// The renderer's textures of pictures, within the renderer's one budget (`RenderResources`): a
/// picture no longer on screen (drawn neither directly nor inside a rasterized layer) gives its
/// texture back when the room is needed (the least recently drawn first), and comes back from
/// the disk cache (or a decode) if it is shown later. In a real window a picture is uploaded as soon as its
/// background decode is done (one per frame), not in the frame that first shows it.
@MainActor
final class PictureTextures {
    private let renderer: OpaquePointer
    private let assets: AssetStore

    private struct Entry {
        var texture: OpaquePointer
        var pixelWidth: Int
        var pixelHeight: Int
        var lastUsedFrame: Int
        var bytes: Int { pixelWidth * pixelHeight * 4 }
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

    init(renderer: OpaquePointer, assets: AssetStore) {
        self.renderer = renderer
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
        // Headless runs take a decode only when a frame draws the picture, so what is uploaded
        // (and so what is later evicted) never depends on how fast the background was.
        guard assets.decodesInBackground else { return }
        arrived += assets.receiveDecoded().map { ImageRef($0) }
        // Upload ahead of need, at most one per frame so a burst of arrivals spreads out.
        while let next = arrived.first {
            arrived.removeFirst()
            guard entries[next.name] == nil else { continue }
            if case .decoded(let surface) = assets.pixels(for: next) {
                upload(next, from: surface, usedIn: frameNumber)
                break
            }
        }
    }

    /// What drawing `image` gets this frame.
    enum Lookup {
        case ready(OpaquePointer, pixelWidth: Int, pixelHeight: Int)
        /// Still decoding (a real window): nothing is drawn yet.
        case notYet
        case missing
    }

    func texture(for image: ImageRef) -> Lookup {
        if var entry = entries[image.name] {
            entry.lastUsedFrame = frameNumber
            entries[image.name] = entry
            return .ready(entry.texture, pixelWidth: entry.pixelWidth, pixelHeight: entry.pixelHeight)
        }
        if !assets.isDecoded(image) {
            // Room first: pictures no longer shown go before the decode holds two copies.
            makeRoom(assets.expectedBytes(of: image))
        }
        switch assets.pixels(for: image) {
        case .decoding: return .notYet
        case .missing: return .missing
        case .decoded(let surface):
            guard let entry = upload(image, from: surface, usedIn: frameNumber) else { return .missing }
            return .ready(entry.texture, pixelWidth: entry.pixelWidth, pixelHeight: entry.pixelHeight)
        }
    }

    /// Counts `images` as drawn this frame: they are on screen inside a rasterized layer, so
    /// their textures stay (a room opening from its panel needs the panel's picture at once).
    func touch(_ images: [ImageRef]) {
        for image in images {
            entries[image.name]?.lastUsedFrame = frameNumber
        }
    }

    @discardableResult
    private func upload(_ image: ImageRef, from surface: UnsafeMutablePointer<SDL_Surface>, usedIn frame: Int)
        -> Entry?
    {
        makeRoom(Int(surface.pointee.w) * Int(surface.pointee.h) * 4)
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        availabilityChanged()
        texturesMade += 1
        let entry = Entry(
            texture: texture, pixelWidth: Int(surface.pointee.w), pixelHeight: Int(surface.pointee.h),
            lastUsedFrame: frame)
        entries[image.name] = entry
        assets.didUpload(image)
        PixelMemory.giveFreedPagesBack()
        return entry
    }

    /// Bytes of the pictures last drawn before `frame`.
    func bytes(usedBefore frame: Int) -> Int {
        entries.values.filter { $0.lastUsedFrame < frame }.reduce(0) { $0 + $1.bytes }
    }

    /// The picture to give back first among those last drawn before `frame`: the biggest (it
    /// frees the most for one texture made again if it is shown later), then the one drawn
    /// longest ago.
    func evictionCandidate(before frame: Int) -> (name: String, frame: Int, bytes: Int)? {
        var best: (name: String, frame: Int, bytes: Int)?
        for (name, entry) in entries where entry.lastUsedFrame < frame {
            if let current = best,
                (-current.bytes, current.frame, current.name) <= (-entry.bytes, entry.lastUsedFrame, name)
            {
                continue
            }
            best = (name, entry.lastUsedFrame, entry.bytes)
        }
        return best
    }

    /// Gives one picture's texture back; its bytes.
    func evict(_ name: String) -> Int {
        guard let entry = entries.removeValue(forKey: name) else { return 0 }
        SDL_DestroyTexture(entry.texture)
        assets.didEvict(ImageRef(name))
        availabilityChanged()
        return entry.bytes
    }

    func releaseAll() {
        for (name, entry) in entries {
            SDL_DestroyTexture(entry.texture)
            assets.didEvict(ImageRef(name))
        }
        entries = [:]
        availabilityChanged()
    }
}
