import CSDL2
import Rendering

/// A picture's pixels as one lane's texture holds them, readable in place: pictures on the
/// bands are streaming textures, whose memory SDL's software renderer hands out and never moves.
struct LanePixels: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let pitch: Int32
    let width: Int32
    let height: Int32
    let format: UInt32

    /// The pixels of `texture`, a streaming texture of a 32-bit format; nil otherwise.
    init?(of texture: OpaquePointer) {
        var format: UInt32 = 0
        var access: Int32 = 0
        var width: Int32 = 0
        var height: Int32 = 0
        guard SDL_QueryTexture(texture, &format, &access, &width, &height) == 0,
            access == Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Self.isFourBytes(format)
        else { return nil }
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else { return nil }
        SDL_UnlockTexture(texture)
        base = pixels
        self.pitch = pitch
        self.width = width
        self.height = height
        self.format = format
    }

    static func isFourBytes(_ format: UInt32) -> Bool {
        [SDL_PIXELFORMAT_ARGB8888.rawValue, SDL_PIXELFORMAT_RGB888.rawValue, SDL_PIXELFORMAT_ABGR8888.rawValue]
            .contains(format)
    }
}
