import CSDL2
import Graphics
import Platform

/// Which renderer draws, said at start-up (`--verbose`) and in the HUD, and the offscreen
/// renderers recordings draw with.
extension SDLBackend {
    func logVersions() {
        var linked = SDL_version()
        SDL_GetVersion(&linked)
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let name = info.name.map { String(cString: $0) } ?? "unknown"
        let ttf = TTF_Linked_Version()?.pointee
        let image = IMG_Linked_Version()?.pointee
        diagnostics.say(
            "SDL \(linked.major).\(linked.minor).\(linked.patch), SDL_ttf \(ttf.map { "\($0.major).\($0.minor).\($0.patch)" } ?? "?"), "
                + "SDL_image \(image.map { "\($0.major).\($0.minor).\($0.patch)" } ?? "?"); renderer \(name): \(rendererReason); "
                + "video driver \(String(cString: SDL_GetCurrentVideoDriver())); "
                + "\(outputSize.width)×\(outputSize.height) px at \(pixelScale)× for \(pointSize) pt; "
                + "fonts \(fonts.paths[.regular] ?? "none") / \(fonts.paths[.bold] ?? "none")")
    }

    /// SDL's name for the renderer in use ("software", "opengl"…).
    public var rendererName: String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    public func makeOffscreenRenderer(size: Size, scale: Double) -> Result<
        any OffscreenRenderer, OffscreenRendererError
    > {
        guard
            let made = SDLOffscreenRenderer(
                size: size, scale: scale, fonts: fonts, assetsDirectory: assets.directory, cache: assets.cache,
                diagnostics: diagnostics)
        else {
            return .failure(
                OffscreenRendererError(
                    description: "SDL could not make a \(Int((size.width * scale).rounded()))×"
                        + "\(Int((size.height * scale).rounded())) px surface to draw it on (\(String(cString: SDL_GetError())))"
                ))
        }
        return .success(made)
    }
}
