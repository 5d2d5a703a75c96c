import CSDL2
import Foundation
import Graphics

#if canImport(Glibc)
    import Glibc
#endif

/// Xlib's default answer to an X error is to print a raw report and exit(1): a window destroyed
/// from outside (`xdotool windowclose`, a window manager's force close) then ended the app before
/// it could write `--dump` or `--tune-out`. This guard replaces Xlib's handler with one that only
/// notes the error; the frame loop reads it (`takeWindowLoss`) and ends as if the window had been
/// closed. Xlib is reached through the library SDL already loaded (dlopen with RTLD_NOLOAD), so
/// the app does not link X11 itself and nothing changes where X is not in use.
enum X11ErrorGuard {
    /// The Xlib error handler: `int (*)(Display *, XErrorEvent *)`.
    private typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
    private typealias SetHandler = @convention(c) (Handler?) -> Handler?
    /// Xlib's fatal handler for a lost connection: `int (*)(Display *)`; it must not return.
    private typealias IOHandler = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetIOHandler = @convention(c) (IOHandler?) -> IOHandler?

    /// Run when the X connection itself is lost (the client killed from outside: `xdotool
    /// windowkill`, a window manager's force quit); the process exits 0 right after.
    @MainActor static var connectionLost: (@MainActor () -> Void)?

    /// Set from inside the handler, which may not call Xlib or allocate: plain stores, read
    /// between frames on the main thread.
    nonisolated(unsafe) private static var lostWindow = false

    /// X's codes for a resource that no longer exists (BadWindow, BadDrawable).
    private static let badWindow: UInt8 = 3
    private static let badDrawable: UInt8 = 9

    /// Installs the handler when SDL's video driver is X11; returns whether it did.
    @MainActor
    static func install() -> Bool {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11",
            let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
            let symbol = dlsym(library, "XSetErrorHandler")
        else { return false }
        let setHandler = unsafeBitCast(symbol, to: SetHandler.self)
        if let ioSymbol = dlsym(library, "XSetIOErrorHandler") {
            let setIOHandler = unsafeBitCast(ioSymbol, to: SetIOHandler.self)
            _ = setIOHandler { _ in
                // Called on the thread that talked to X: SDL's, the main one. Xlib exits if this
                // returns, so what was asked is written here and the process ends as a close.
                MainActor.assumeIsolated {
                    FileOutput.standardError.write(
                        "The window's connection to X was cut from outside; ending as if it had been closed.\n")
                    X11ErrorGuard.connectionLost?()
                }
                exit(0)
            }
        }
        _ = setHandler { _, event in
            // XErrorEvent: int type; Display *display; XID resourceid; unsigned long serial;
            // unsigned char error_code — at byte 32 on a 64-bit system.
            let code = event?.load(fromByteOffset: 4 * MemoryLayout<Int>.size, as: UInt8.self) ?? 0
            if code == X11ErrorGuard.badWindow || code == X11ErrorGuard.badDrawable {
                X11ErrorGuard.lostWindow = true
            }
            return 0
        }
        return true
    }

    /// Whether the window was lost since the last call (each loss is reported once).
    @MainActor
    static func takeWindowLoss() -> Bool {
        guard lostWindow else { return false }
        lostWindow = false
        return true
    }
}
