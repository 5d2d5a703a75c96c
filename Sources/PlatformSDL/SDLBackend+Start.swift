import CSDL2
import Foundation
import Graphics
import Platform

/// Starting SDL and opening the window: what the backend's initializer does before it has a renderer.
extension SDLBackend {
    /// Starts SDL's video (its dummy driver headless), fonts and PNG loading; a window with no
    /// display server behind it is refused rather than run invisibly.
    static func startSDL(mode: Mode) throws(BackendError) {
        if mode == .headless {
            setenv("SDL_VIDEODRIVER", "dummy", 1)
        }
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // The app handles SIGINT, SIGTERM, SIGHUP and SIGQUIT itself, the same in a window and
        // headless (SDL would turn two of them into a quit event and leave the others).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // The real-window test's touch path: the mouse as touches (SDLBackend+Touch).
        if touchesFromMouse { SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "1") }
        let headlessOrVirtualDisplay =
            "teardowns --headless --script FILE [--dump FILE], or under a virtual display: xvfb-run -a tools/run"
        switch startVideo(mode: mode) {
        case .started:
            break
        case .failed(let reason):
            throw BackendError(
                description: mode == .headless
                    ? "SDL could not start its headless driver: \(reason)."
                    : "No display to open a window on (\(reason)). Run headless instead: " + headlessOrVirtualDisplay)
        case .invisible(let driver):
            // With DISPLAY pointing at no server, SDL quietly falls back to a driver that shows
            // nothing, and the app would run invisibly forever.
            let display = getenv("DISPLAY").map { String(cString: $0) } ?? ""
            throw BackendError(
                description: "No display server answered" + (display.isEmpty ? "" : " at DISPLAY=\(display)")
                    + " (SDL could only start its invisible '\(driver)' driver). Start one, or run headless instead: "
                    + headlessOrVirtualDisplay)
        case .interrupted:
            throw BackendError(description: "Stopped while waiting for the display server.")
        }
        if case .window = mode { presentSoftwareFramesStraightToX11() }
        guard TTF_Init() == 0 else {
            throw BackendError(description: "SDL_ttf could not start: \(String(cString: SDL_GetError())).")
        }
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue))
    }

    /// Waits before each new try to reach the display server: an X server just left by another
    /// client (a test's app stopped a moment before) has been seen to turn the next one away for
    /// a moment, and SDL then falls back to its invisible driver; 1.75 s in all.
    static let displayRetryDelays: [useconds_t] = [250_000, 500_000, 1_000_000]

    /// How starting SDL's video went.
    enum VideoStart: Equatable {
        /// A driver that shows a window (or, headless, the dummy one).
        case started
        /// SDL could not start at all (its reason).
        case failed(String)
        /// For a window, only an invisible driver (named) answered, every time; SDL is stopped.
        case invisible(String)
        /// A signal (Ctrl-C) came while it waited to try again; SDL is stopped.
        case interrupted
    }

    /// Starts SDL's video. For a window that only an invisible driver answers, with DISPLAY set
    /// and no driver asked for, tries the X server again after each of `displayRetryDelays` (X
    /// alone: SDL's next guess, Wayland, says once per try that it has no runtime folder).
    private static func startVideo(mode: Mode) -> VideoStart {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { return .failed(String(cString: SDL_GetError())) }
        guard case .window = mode, getenv("SDL_VIDEODRIVER") == nil, let invisible = invisibleDriver else {
            return .started
        }
        SDL_Quit()
        guard getenv("DISPLAY") != nil else { return .invisible(invisible) }
        defer { SDL_ResetHint(SDL_HINT_VIDEODRIVER) }
        for delay in displayRetryDelays {
            // A stop signal cuts the wait short: no more tries.
            guard usleep(delay) == 0 else { return .interrupted }
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
            if SDL_Init(SDL_INIT_VIDEO) == 0 {
                if invisibleDriver == nil { return .started }
                SDL_Quit()
            }
        }
        return .invisible(invisible)
    }

    /// The name of the video driver SDL started when it shows nothing (offscreen, dummy).
    private static var invisibleDriver: String? {
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
        return driver == "offscreen" || driver == "dummy" ? driver : nil
    }

    /// The scale a window is shown at: never larger than the screen's usable area — one that would
    /// not fit is shown scaled down to fit, as the Simulator's "fit screen" does, its points unchanged.
    static func scaleFittingTheScreen(size: Size, scale: Double, diagnostics: Diagnostics) -> Double {
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            let fit = min(Double(usable.w) / (size.width * scale), Double(usable.h) / (size.height * scale), 1)
            if fit < 1 {
                diagnostics.say(
                    "The window (\(Int(size.width * scale))×\(Int(size.height * scale)) px at scale "
                        + "\(String(format: "%g", scale))) would not fit the screen's \(usable.w)×\(usable.h) px: "
                        + "shown at scale \(String(format: "%.2f", scale * fit)), the same \(Int(size.width))×"
                        + "\(Int(size.height)) points.")
                return scale * fit
            }
        }
        return scale
    }

    /// Opens the window and its renderer at `width` × `height` pixels.
    static func openWindow(
        title: String, width: Int32, height: Int32, scale: Double, choice: RendererChoice
    ) throws(BackendError) -> (
        window: OpaquePointer, renderer: OpaquePointer, reason: String, summary: String, pacer: FramePacer
    ) {
        guard
            let created = SDL_CreateWindow(
                title, Int32(SDL_WINDOWPOS_CENTERED_MASK), Int32(SDL_WINDOWPOS_CENTERED_MASK), width,
                height,
                SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue)
        else {
            var reason = String(cString: SDL_GetError())
            while reason.hasSuffix(".") { reason.removeLast() }
            // X refuses a window larger than it can address: a smaller one is the way out.
            let wayOut =
                reason.lowercased().contains("too large")
                ? "Use a smaller --size or --scale (\(width)×\(height) px were asked for)"
                : "Run headless instead: teardowns --headless --script FILE"
            throw BackendError(description: "Could not open a window: \(reason). \(wayOut).")
        }
        guard let (made, reason, summary) = choice.makeRenderer(for: created) else {
            SDL_DestroyWindow(created)
            throw BackendError(description: "Could not create a renderer: \(String(cString: SDL_GetError())).")
        }
        _ = X11ErrorGuard.install()
        // The same smallest window as --size allows, so a window manager cannot squeeze it further.
        SDL_SetWindowMinimumSize(
            created, Int32((160 * scale).rounded()), Int32((160 * scale).rounded()))
        var mode = SDL_DisplayMode()
        let refresh =
            SDL_GetWindowDisplayMode(created, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        return (created, made, reason, summary, FramePacer(refreshRate: refresh))
    }
}

extension SDLBackend {
    /// On X11, SDL hands a software window's pixels to the screen through an OpenGL texture unless
    /// told not to (`SDL_HINT_FRAMEBUFFER_ACCELERATION`). Where OpenGL is itself a software
    /// rasterizer, as under Xvfb, that uploads and draws the whole window at every present, even
    /// when only a strip changed: 17 ms for 2560×1600 px, and 12.5 ms for a tenth of it. Put
    /// straight into the window (MIT-SHM) the same frame takes 1.2 ms and the tenth 0.2 ms
    /// (measured 2026-11-29; docs/PERFORMANCE.md). The environment's own
    /// `SDL_FRAMEBUFFER_ACCELERATION` still wins, and other video drivers (Wayland, which has no
    /// window surface of its own) are left as SDL sets them up.
    static func presentSoftwareFramesStraightToX11() {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return }
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }
}
