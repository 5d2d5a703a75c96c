import CSDL2

/// Which SDL renderer draws a real window (`--renderer`, `TEARDOWNS_RENDERER`). On a machine whose
/// only OpenGL is itself a software rasterizer (Mesa's llvmpipe, softpipe, swrast), SDL's own
/// software renderer is the faster of the two (docs/PERFORMANCE.md); with a real GPU the
/// accelerated one wins. `auto` asks OpenGL what it is and picks accordingly.
public enum RendererChoice: String, CaseIterable, Sendable {
    case auto, gpu, software

    /// A renderer for `window` and one line saying which it is and why.
    @MainActor
    func makeRenderer(for window: OpaquePointer) -> (renderer: OpaquePointer, reason: String, summary: String)? {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        let software = SDL_RENDERER_SOFTWARE.rawValue
        switch self {
        case .software:
            return SDL_CreateRenderer(window, -1, software).map { ($0, "software, as asked", "software, as asked") }
        case .gpu:
            if let made = SDL_CreateRenderer(window, -1, accelerated) {
                let device =
                    Self.name(of: made).hasPrefix("opengl") ? Self.openGLRenderer().map { " on \($0)" } ?? "" : ""
                let described = "\(Self.name(of: made))\(device)"
                return (made, "\(described), as asked (gpu)", "\(described), as asked")
            }
            return SDL_CreateRenderer(window, -1, software).map {
                ($0, "software: no accelerated renderer here", "software (no GPU renderer)")
            }
        case .auto:
            guard let made = SDL_CreateRenderer(window, -1, accelerated) else {
                return SDL_CreateRenderer(window, -1, software).map {
                    ($0, "software: no accelerated renderer here", "software (no GPU renderer)")
                }
            }
            let name = Self.name(of: made)
            guard name.hasPrefix("opengl"), let device = Self.openGLRenderer() else {
                return (made, "\(name) (auto: an accelerated driver)", "\(name), auto")
            }
            guard Self.isSoftwareRasterizer(device) else {
                return (made, "\(name) on \(device) (auto: a GPU)", "\(name) on \(device), auto")
            }
            // Where SDL hands a software window's frames to X through an OpenGL texture (the
            // environment asked for it, or another video driver), the software OpenGL is ahead
            // again past about a megapixel and a half: every present then uploads the whole frame.
            var width: Int32 = 0
            var height: Int32 = 0
            SDL_GetRendererOutputSize(made, &width, &height)
            let pixels = Int(width) * Int(height)
            if !Self.softwareFramesGoStraightToX11, pixels > Self.softwareRendererPixelLimit {
                let megapixels = String(format: "%.1f", Double(pixels) / 1_000_000)
                return (
                    made,
                    "\(name) on \(device) (auto: \(megapixels) M px a frame, and a software window's frames would "
                        + "go through OpenGL here too)",
                    "\(name) on \(device), auto: \(megapixels) M px a frame"
                )
            }
            SDL_DestroyRenderer(made)
            guard let fallback = SDL_CreateRenderer(window, -1, software) else {
                return SDL_CreateRenderer(window, -1, accelerated).map {
                    ($0, "\(name) on \(device)", "\(name) on \(device)")
                }
            }
            return (
                fallback, "software (auto: OpenGL here is \(device), a software rasterizer)",
                "software, auto: GL is \(device)"
            )
        }
    }

    /// Whether a software window's frames are put straight into the window by X (MIT-SHM), only
    /// the pixels that changed, rather than through an OpenGL texture
    /// (`SDLBackend.presentSoftwareFramesStraightToX11`). Then SDL's software renderer, drawing in
    /// bands, beats a software OpenGL at every size: measured 2026-11-29 under Xvfb, hitches
    /// 0–0.7 ms/s against 0–154 at 1280×800@2×, 0–0.9 against 0.4–70 at 390×844@3×
    /// (docs/PERFORMANCE.md).
    static var softwareFramesGoStraightToX11: Bool {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return false }
        // SDL makes no texture when its render driver is "software", or when this hint starts with
        // "0" or reads "false" or "software" (SDL_video.c); any other value names a renderer.
        if let driver = SDL_GetHint(SDL_HINT_RENDER_DRIVER), String(cString: driver).lowercased() == "software" {
            return true
        }
        guard let hint = SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION).map({ String(cString: $0).lowercased() })
        else { return false }
        return hint.hasPrefix("0") || hint == "false" || hint == "software"
    }

    /// Where frames go through an OpenGL texture: up to this many pixels a frame, SDL's software
    /// renderer beats a software OpenGL in the window bench (1280×800 is 1.02 M; 390×844 at 2× is
    /// 1.32 M: measured 2026-11-29, every scenario's hitches 0–1.2 ms/s with software against
    /// 0–1.9 with llvmpipe, 2.7 against 6.2 in all; llvmpipe had won there before the pipeline's
    /// own speed-ups). At 390×844 at 3× (2.96 M) and 1280×800 at 2× (4.1 M) llvmpipe was well
    /// ahead through the texture (43 against 118, 24 against 100 ms/s).
    static let softwareRendererPixelLimit = 1_400_000

    /// Mesa's software rasterizers report themselves by these names in GL_RENDERER.
    static func isSoftwareRasterizer(_ device: String) -> Bool {
        let lowered = device.lowercased()
        return ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { lowered.contains($0) }
    }

    static func name(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    /// GL_RENDERER of the context SDL's OpenGL renderer made current.
    private static func openGLRenderer() -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let symbol = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(symbol, to: GetString.self)
        let glRenderer: UInt32 = 0x1F01
        // "llvmpipe (LLVM 15.0.6, 256 bits)": the name is enough to say what it is.
        return getString(glRenderer).map { String(cString: $0).components(separatedBy: " (")[0] }
    }
}
