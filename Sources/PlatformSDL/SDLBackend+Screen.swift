import CSDL2
import Graphics
import Platform

/// The window on its screen: whether the display has room for a wider window (the dock), keeping
/// a widened window on the screen, and the system clipboard.
extension SDLBackend {
    /// SDL's clipboard (X11's CLIPBOARD selection, served while the app runs); headless has none.
    public func setClipboardText(_ text: String) -> Bool {
        guard window != nil else { return false }
        return SDL_SetClipboardText(text) == 0
    }

    /// Whether the display the window is on has room for a window of `size` points: headless
    /// always has.
    public func hasRoom(for size: Size) -> Bool {
        guard let window else { return true }
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(max(SDL_GetWindowDisplayIndex(window), 0), &usable) == 0, usable.w > 0 else {
            return true
        }
        // In whole pixels, as the window is made: a window fitted to the screen's height exactly
        // must not be refused for a rounding error.
        return (size.width * explicitScale).rounded() <= Double(usable.w)
            && (size.height * explicitScale).rounded() <= Double(usable.h)
    }

    /// A window widened past the screen's right or bottom edge (a dock opened) moves back in.
    func keepOnScreen(_ window: OpaquePointer, width: Int32, height: Int32) {
        var usable = SDL_Rect()
        guard SDL_GetDisplayUsableBounds(max(SDL_GetWindowDisplayIndex(window), 0), &usable) == 0 else { return }
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        let fittedX = max(min(x, usable.x + usable.w - width), usable.x)
        let fittedY = max(min(y, usable.y + usable.h - height), usable.y)
        if fittedX != x || fittedY != y {
            if positionBeforeMove == nil { positionBeforeMove = (x, y) }
            SDL_SetWindowPosition(window, fittedX, fittedY)
        }
    }

}
