import CSDL2
import Graphics
import Platform
import Rendering

#if canImport(Glibc)
    import Glibc
#endif

/// Why the backend could not start, in words that say what to do next.
public struct BackendError: Error, CustomStringConvertible {
    public var description: String
}

/// The only place that talks to SDL: a real window (`.window`) or SDL's software renderer drawing
/// into memory with the `dummy` video driver (`.headless`, deterministic pixels).
@MainActor
public final class SDLBackend: Backend {
    public enum Mode: Equatable {
        case window(title: String)
        case headless
    }

    public let mode: Mode
    /// Points → window coordinates, from `--scale` (X11 has no HiDPI of its own).
    public private(set) var explicitScale: Double
    public private(set) var pointSize: Size
    /// The size last asked for (at start, or by `resize`), in points.
    private var askedPointSize: Size
    public private(set) var pixelScale: Double = 1
    public var metrics: any ContentMetrics { contentMetrics }
    public let diagnostics: Diagnostics

    let window: OpaquePointer?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    var renderer: OpaquePointer
    let fonts: FontLibrary
    let assets: AssetStore
    private let contentMetrics: SDLContentMetrics
    /// Counts the pixels each draw asks for (the bench's pixels per frame).
    var pixelCounter: PixelCountingExecutor
    private(set) var displayListRenderer: DisplayListRenderer
    /// How many threads the caller asked to draw with (nil: `TEARDOWNS_DRAW_THREADS`, else one
    /// per core).
    let askedDrawThreads: Int?
    /// The output cut in bands drawn on every core (headless, on SDL's software renderer), or nil
    /// where one renderer draws it all.
    private(set) var bands: BandedSDLExecutor?
    /// The window's own surface the bands draw on, as it was when they were made
    /// (`TEARDOWNS_WINDOW_BANDS`; see `followWindowSurface`).
    var windowBandSurface:
        (surface: UnsafeMutablePointer<SDL_Surface>, pixels: UnsafeMutableRawPointer?, w: Int32, h: Int32)?
    /// Captures and recording frames, encoded off the frame loop (`SDLBackend+Files`).
    let pngWriter = PNGWriter()
    private let pacer: FramePacer
    /// Where the mouse was last seen, for wheel events (SDL does not put a position on them).
    var lastPointerLocation = Point.zero
    /// Fingers down on a touch screen (SDL's finger ids), to cancel if the window loses them.
    var fingersDown: Set<Int> = []
    var outputSize: (width: Int, height: Int) = (0, 0)
    var clockOrigin: (ticks: Double, counter: UInt64) = (0, 0)
    /// Which frames are drawn, and at what size pictures are decoded (`WindowFrames`).
    let frames = WindowFrames()
    /// Frames a window left undrawn since start: an idle window draws none.
    public var framesUndrawn: Int { frames.framesUndrawn }

    /// Starts SDL, opens the window or the offscreen surface, and prepares fonts and assets.
    /// `pictureCache` says where decoded pictures are kept (the app: the user's cache; tests: their
    /// own folder, or none).
    public init(
        mode: Mode, size: Size, scale: Double, assetsDirectory: String, verbose: Bool = false,
        diagnostics: Diagnostics = Diagnostics(), pictureCache: PictureCache,
        renderer choice: RendererChoice = .auto, drawThreads: Int? = nil
    ) throws(BackendError) {
        askedDrawThreads = drawThreads
        self.diagnostics = diagnostics
        self.mode = mode
        self.explicitScale = scale
        self.pointSize = size
        askedPointSize = size
        try Self.startSDL(mode: mode)
        if case .window = mode {
            explicitScale = Self.scaleFittingTheScreen(size: size, scale: scale, diagnostics: diagnostics)
        }
        let pixelWidth = Int32((size.width * explicitScale).rounded())
        let pixelHeight = Int32((size.height * explicitScale).rounded())
        switch mode {
        case .window(let title):
            let opened = try Self.openWindow(
                title: title, width: pixelWidth, height: pixelHeight, scale: explicitScale, choice: choice)
            window = opened.window
            surface = nil
            renderer = opened.renderer
            rendererReason = opened.reason
            rendererSummary = opened.summary
            pacer = opened.pacer
        case .headless:
            guard
                let offscreen = SDL_CreateRGBSurfaceWithFormat(
                    0, pixelWidth, pixelHeight, 32, SDL_PIXELFORMAT_ARGB8888.rawValue),
                let made = SDL_CreateSoftwareRenderer(offscreen)
            else {
                throw BackendError(
                    description: "Could not create the headless renderer: \(String(cString: SDL_GetError())).")
            }
            window = nil
            surface = offscreen
            renderer = made
            pacer = FramePacer(refreshRate: 0)
        }
        fonts = FontLibrary(diagnostics: diagnostics)
        assets = AssetStore(
            directory: assetsDirectory, diagnostics: diagnostics,
            cache: .chosen(pictureCache))
        if case .window = mode { assets.decodesInBackground = true }
        contentMetrics = SDLContentMetrics(fonts: fonts, assets: assets)
        let executor = Self.makeExecutor(renderer: renderer, surface: surface, fonts: fonts, threads: askedDrawThreads)
        bands = executor as? BandedSDLExecutor
        pixelCounter = PixelCountingExecutor(executor)
        displayListRenderer = DisplayListRenderer(
            executor: pixelCounter,
            pictures: SDLPictureSource(assets: assets, textures: executor),
            byteBudget: RenderResources.byteBudget(forWindowPixels: Int(pixelWidth) * Int(pixelHeight)))
        clockOrigin = (Double(SDL_GetTicks64()) / 1000, SDL_GetPerformanceCounter())
        updateSizes()
        if verbose { logVersions() }
    }

    func refreshSizes() {
        updateSizes()
    }

    /// Re-reads window and output sizes; the pixel scale is output size over window size × `--scale`.
    private func updateSizes() {
        var outW: Int32 = 0
        var outH: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &outW, &outH)
        outputSize = (Int(outW), Int(outH))
        if let window {
            var winW: Int32 = 0
            var winH: Int32 = 0
            SDL_GetWindowSize(window, &winW, &winH)
            let measured = Size(width: Double(winW) / explicitScale, height: Double(winH) / explicitScale)
            // At a fitted scale the window is whole pixels, a fraction of a point off the size
            // asked for: that is still the size asked for (the scene keeps 390 pt, not 389.86).
            pointSize =
                abs(measured.width - askedPointSize.width) * explicitScale < 1
                    && abs(measured.height - askedPointSize.height) * explicitScale < 1
                ? askedPointSize : measured
            pixelScale = winW > 0 ? Double(outW) / Double(winW) * explicitScale : explicitScale
        } else {
            pixelScale = explicitScale
        }
        displayListRenderer.scale = pixelScale
        contentMetrics.pixelScale = pixelScale
        pixelCounter.outputSize = (Int32(outputSize.width), Int32(outputSize.height))
        displayListRenderer.resources.byteBudget = RenderResources.byteBudget(
            forWindowPixels: outputSize.width * outputSize.height)
        frames.outputResized(width: outputSize.width, height: outputSize.height, renderer: displayListRenderer)
    }

    // MARK: Backend

    /// Set once the X window was destroyed from outside; nothing is drawn into it after that.
    var windowLost = false

    /// The window takes `size` (points, already within the app's limits). A real window is asked
    /// to resize (and reports it back as an event); headless, the offscreen surface is made anew at
    /// the new size, with a fresh renderer, so drawing stays exactly as at start-up.
    public func resize(to size: Size) {
        guard size != pointSize, size.width >= 1, size.height >= 1 else { return }
        askedPointSize = size
        let pixelWidth = Int32(min((size.width * explicitScale).rounded(), 32768))
        let pixelHeight = Int32(min((size.height * explicitScale).rounded(), 32768))
        if let window {
            var oldWidth: Int32 = 0
            var oldHeight: Int32 = 0
            SDL_GetWindowSize(window, &oldWidth, &oldHeight)
            SDL_SetWindowSize(window, pixelWidth, pixelHeight)
            if pixelWidth < oldWidth, let (x, y) = positionBeforeMove {
                // Narrower again (the dock closed): back where the user had it.
                SDL_SetWindowPosition(window, x, y)
                positionBeforeMove = nil
            }
            keepOnScreen(window, width: pixelWidth, height: pixelHeight)
            updateSizes()
            return
        }
        guard
            let offscreen = SDL_CreateRGBSurfaceWithFormat(
                0, pixelWidth, pixelHeight, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else {
            diagnostics.say("Could not resize the headless surface to \(size): \(String(cString: SDL_GetError())).")
            return
        }
        guard let made = SDL_CreateSoftwareRenderer(offscreen) else {
            SDL_FreeSurface(offscreen)
            diagnostics.say("Could not resize the headless renderer to \(size): \(String(cString: SDL_GetError())).")
            return
        }
        releaseExecutor()
        SDL_DestroyRenderer(renderer)
        if let surface { SDL_FreeSurface(surface) }
        surface = offscreen
        renderer = made
        pointSize = size
        rebuildExecutor(over: offscreen, pixels: Int(pixelWidth) * Int(pixelHeight))
    }

    /// Lets the drawing's textures and the bands go, before the surface they draw on does.
    func releaseExecutor() {
        displayListRenderer.releaseAll()
        bands?.releaseBands()
    }

    /// A new executor (banded where `makeExecutor(renderer:surface:fonts:threads:)` says) over
    /// `surface`, `pixels` in all, for `renderer`, with the drawing's options kept; call
    /// `releaseExecutor` first.
    func rebuildExecutor(over surface: UnsafeMutablePointer<SDL_Surface>?, pixels: Int) {
        let options = displayListRenderer.options
        let executor = Self.makeExecutor(renderer: renderer, surface: surface, fonts: fonts, threads: askedDrawThreads)
        bands = executor as? BandedSDLExecutor
        pixelCounter = PixelCountingExecutor(executor, counted: pixelCounter.pixelsWritten)
        displayListRenderer = DisplayListRenderer(
            executor: pixelCounter,
            pictures: SDLPictureSource(assets: assets, textures: executor),
            byteBudget: RenderResources.byteBudget(forWindowPixels: pixels))
        renderOptions = options
        updateSizes()
    }

    /// Where the window was before it was moved to keep a widened window on the screen.
    var positionBeforeMove: (Int32, Int32)?

    /// Pixels were lost or changed outside the display list (the window was exposed or
    /// resized): the next frame is drawn in full.
    func invalidateWindowContents() {
        frames.invalidate()
        displayListRenderer.forgetHeldFrame()
    }

    /// True when the last frame showed the same picture as the one before and was neither drawn
    /// nor presented (the window idles); benchmarks leave such frames out of their intervals.
    public var lastFrameWasUndrawn: Bool { frames.lastFrameWasUndrawn }

    public func present() {
        guard window != nil else { return }
        if frames.lastFrameWasUndrawn {
            lastPresentMilliseconds = 0
            pacer.waitAfterPresent()
            return
        }
        let before = SDL_GetPerformanceCounter()
        showDrawnPixels()
        lastPresentMilliseconds =
            Double(SDL_GetPerformanceCounter() - before) * 1000 / Double(SDL_GetPerformanceFrequency())
        pacer.waitAfterPresent()
    }

    /// How long the last `present` took before pacing (where a GPU renderer does its drawing):
    /// benchmarks read it to tell a slow present from a slow frame.
    public private(set) var lastPresentMilliseconds = 0.0

    /// Which renderer draws the window and why (`--renderer`; "software (headless)" headless).
    public private(set) var rendererReason = "software (headless)"

    /// The same in a few words, for the HUD.
    public private(set) var rendererSummary = "software, headless"

    /// Releases every SDL resource; safe to call once at exit.
    /// Run when the window's X connection is cut from outside (the process then exits 0): write
    /// what was asked here.
    public var onConnectionLost: (@MainActor () -> Void)? {
        get { X11ErrorGuard.connectionLost }
        set { X11ErrorGuard.connectionLost = newValue }
    }

    public func shutdown() {
        pngWriter.waitForAll()
        if windowLost {
            // The window is gone: destroying it (or SDL's own teardown, which restores Xlib's
            // exiting error handler first) would only raise X errors. The process is ending.
            return
        }
        displayListRenderer.releaseAll()
        bands?.releaseBands()
        assets.freeAll()
        fonts.closeAll()
        SDL_DestroyRenderer(renderer)
        if let window { SDL_DestroyWindow(window) }
        if let surface { SDL_FreeSurface(surface) }
        TTF_Quit()
        IMG_Quit()
        SDL_Quit()
    }
}
