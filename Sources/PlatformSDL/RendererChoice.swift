import CSDL2

/// Which SDL renderer draws a real window (`--renderer`, `TEARDOWNS_RENDERER`). On a machine whose
/// only OpenGL is itself a software rasterizer (Mesa's llvmpipe, softpipe, swrast), SDL's own
/// software renderer is the faster of the two (docs/PERFORMANCE.md); with a real GPU the
/// accelerated one wins. `auto` asks OpenGL what it is and picks accordingly.
public enum RendererChoice: String, CaseIterable, Sendable {
    case auto, gpu, software

    /// A renderer for `window` and one line saying which it is and why.
    @MainActor
    func makeRenderer(for window: OpaquePointer) -> (renderer: OpaquePointer, reason: String, short: String)? {
        let accelerated = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        let software = SDL_RENDERER_SOFTWARE.rawValue
        switch self {
        case .software:
            return SDL_CreateRenderer(window, -1, software).map {
                ($0, "software, as asked (--renderer software)", "software, as asked")
            }
        case .gpu:
            if let made = SDL_CreateRenderer(window, -1, accelerated) {
                return (made, "\(Self.name(of: made)), as asked (--renderer gpu)", "\(Self.name(of: made)), as asked")
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
