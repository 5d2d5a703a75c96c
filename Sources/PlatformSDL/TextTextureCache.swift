import CSDL2
import Graphics

/// One white texture per (text, font, pixel size), tinted at draw time, so steady-state frames
/// create no textures. Entries unused for a few seconds of frames are released.
@MainActor
final class TextTextureCache {
    struct Entry {
        var texture: OpaquePointer
        var width: Int32
        var height: Int32
        var lastUsedFrame: Int
    }

    private struct Key: Hashable {
        var text: String
        var font: Font
        var pixelScale: Double
    }

    private let renderer: OpaquePointer
    private let fonts: FontLibrary
    private var entries: [Key: Entry] = [:]
    /// Text textures alive now.
    var count: Int { entries.count }
    private var frame = 0
    /// Texture creations since start; benchmarks and tests read it to prove steady state creates none.
    private(set) var creations = 0
    /// Half a minute: a panel scrolled away and back still finds its labels (no texture made).
    static let idleFramesBeforeRelease = 1800

    init(renderer: OpaquePointer, fonts: FontLibrary) {
        self.renderer = renderer
        self.fonts = fonts
    }

    func beginFrame() {
        frame += 1
    }

    func endFrame() {
        guard frame % 120 == 0 else { return }
        for (key, entry) in entries where frame - entry.lastUsedFrame > Self.idleFramesBeforeRelease {
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
        }
    }

    func texture(for text: String, font: Font, pixelScale: Double) -> Entry? {
        let key = Key(text: text, font: font, pixelScale: pixelScale)
        if var entry = entries[key] {
            entry.lastUsedFrame = frame
            entries[key] = entry
            return entry
        }
        guard let face = fonts.face(for: font, pixelScale: pixelScale),
            let surface = TTF_RenderUTF8_Blended(face, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
        else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        creations += 1
        // Rendered at the requested pixel scale; report the size in those pixels scaled back to the
        // target's pixel grid (they are equal: the face was opened at size × pixelScale).
        let entry = Entry(texture: texture, width: surface.pointee.w, height: surface.pointee.h, lastUsedFrame: frame)
        entries[key] = entry
        return entry
    }

    func releaseAll() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries = [:]
    }
}
