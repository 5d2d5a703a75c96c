import CSDL2
import Foundation

/// Bands in a real window (issue 43; on unless `TEARDOWNS_WINDOW_BANDS=0`, which keeps one thread
/// through SDL to compare with; frames under `smallestBandedOutput` draw on one thread either
/// way). SDL's software renderer draws a window onto the window's own surface; the bands draw
/// onto the same surface, a band each, as headless. The window makes that surface anew when it
/// is resized (the bands' rows would then point at freed pixels), so before every frame the
/// surface is compared with the one the bands were made over, and the executor is made anew when
/// it changed.
extension SDLBackend {
    /// Whether the window's software renderer may draw in bands (read once: it is asked before
    /// every frame, and the environment is copied whole each time it is read). Measured
    /// 2026-11-29 at 1280×800@2× under Xvfb: hitches 0–0.7 ms/s banded in every scenario, against
    /// up to 5 ms/s on one thread (docs/PERFORMANCE.md).
    static let windowBandsAllowed = ProcessInfo.processInfo.environment["TEARDOWNS_WINDOW_BANDS"] != "0"

    /// Whether `renderer` is SDL's software renderer.
    var drawsInSoftware: Bool {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0 else { return false }
        return info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// Before a frame in a software window with bands asked for: the executor made anew over the
    /// window's surface when that surface is not the one it was made over (the first frame, or
    /// after a resize), and the frame then drawn in full.
    func followWindowSurface() {
        guard Self.windowBandsAllowed, let window, !windowLost, drawsInSoftware,
            let current = SDL_GetWindowSurface(window)
        else { return }
        let now = (surface: current, pixels: current.pointee.pixels, w: current.pointee.w, h: current.pointee.h)
        if let made = windowBandSurface, made.surface == now.surface, made.pixels == now.pixels, made.w == now.w,
            made.h == now.h
        {
            return
        }
        releaseExecutor()
        windowBandSurface = now
        rebuildExecutor(over: current, pixels: Int(now.w) * Int(now.h))
        invalidateWindowContents()
    }

    /// Shows the frame: a banded window hands the display only the pixels drawn since it last
    /// showed them (a frame drawn where it changed, and the tools over it), as one rectangle;
    /// any other window, or a frame drawn whole, all of them (`SDL_RenderPresent`).
    func showDrawnPixels() {
        let drawn = displayListRenderer.takeDrawnSinceShown()
        guard windowBandSurface != nil, let window, let surface = SDL_GetWindowSurface(window) else {
            SDL_RenderPresent(renderer)
            return
        }
        switch drawn {
        case .whole:
            SDL_RenderPresent(renderer)
        case .nothing:
            SDL_RenderFlush(renderer)
        case .within(let box):
            SDL_RenderFlush(renderer)
            let left = max(box.x, 0)
            let top = max(box.y, 0)
            let right = min(box.x + box.w, surface.pointee.w)
            let bottom = min(box.y + box.h, surface.pointee.h)
            guard right > left, bottom > top else { return }
            var rect = SDL_Rect(x: left, y: top, w: right - left, h: bottom - top)
            SDL_UpdateWindowSurfaceRects(window, &rect, 1)
        }
    }
}
