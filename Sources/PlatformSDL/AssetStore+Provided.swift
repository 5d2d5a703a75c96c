import CSDL2
import Graphics

extension AssetStore {
    /// Whether `image` can be drawn now: not waiting on a background decode.
    func isReady(_ image: ImageRef) -> Bool { pending[image.name] == nil }
}

/// Pictures made at run time rather than read from the assets (a reference video's frames): the
/// encoded bytes are kept, decoded on the spot when a frame draws them (a phone-sized JPEG takes a
/// few milliseconds), and let go — texture and all — when withdrawn.
extension AssetStore {
    func provide(named name: String, encoded: [UInt8], width: Int, height: Int) {
        if provided[name] != nil { withdraw(named: name) }
        provided[name] = encoded
        details[name] = PNGHeader(width: width, height: height, isOpaque: true)
        missing.remove(name)
    }

    func provide(named name: String, pixels: PixelImage) {
        if provided[name] != nil || providedPixels[name] != nil { withdraw(named: name) }
        providedPixels[name] = pixels
        details[name] = PNGHeader(width: pixels.width, height: pixels.height, isOpaque: true)
        missing.remove(name)
    }

    /// A surface holding `image`'s pixels (copied), kept for the upload.
    func surface(of image: PixelImage, named name: String) -> Readiness {
        guard
            let made = SDL_CreateRGBSurfaceWithFormat(
                0, Int32(image.width), Int32(image.height), 32, SDL_PIXELFORMAT_ABGR8888.rawValue)
        else {
            reportMissing(name, reason: "its pixels could not be kept (\(String(cString: SDL_GetError())))")
            return .missing
        }
        let pitch = Int(made.pointee.pitch)
        if let base = made.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            image.rgba.withUnsafeBufferPointer { source in
                for row in 0..<image.height {
                    (base + row * pitch).update(
                        from: source.baseAddress! + row * image.width * 4, count: image.width * 4)
                }
            }
        }
        surfaces[name] = made
        return .decoded(made)
    }

    func withdraw(named name: String) {
        guard provided.removeValue(forKey: name) != nil || providedPixels.removeValue(forKey: name) != nil else {
            return
        }
        details[name] = nil
        if let surface = surfaces.removeValue(forKey: name) { SDL_FreeSurface(surface) }
        uploaded.remove(name)
        withdrawn.append(name)
    }

    /// The names withdrawn since last asked: the renderer lets their textures go.
    func takeWithdrawn() -> [String] {
        defer { withdrawn = [] }
        return withdrawn
    }

    /// `encoded` decoded (JPEG or PNG, told apart by SDL_image) into 32-bit pixels.
    func decodeProvided(_ encoded: [UInt8], named name: String) -> Readiness {
        let loaded = DecodedPicture.surface(decoding: encoded)
        guard let loaded else {
            reportMissing(name, reason: "its picture could not be decoded (\(String(cString: SDL_GetError())))")
            return .missing
        }
        let surface = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB888.rawValue, 0) ?? loaded
        if surface != loaded { SDL_FreeSurface(loaded) }
        surfaces[name] = surface
        return .decoded(surface)
    }
}
