import CSDL2
import Graphics
import Platform

extension SDLBackend {
    /// Seconds on SDL's time base (event timestamps count milliseconds since SDL started), refined
    /// with the performance counter; the app wraps it in its real `Clock`.
    public func monotonicSeconds() -> Double {
        clockOrigin.ticks + Double(SDL_GetPerformanceCounter() - clockOrigin.counter)
            / Double(SDL_GetPerformanceFrequency())
    }

    func rememberPointer(_ location: Point) {
        lastPointerLocation = location
    }

    public func pollEvents() -> [InputEvent] {
        pngWriter.drainCompleted()
        var events: [InputEvent] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let translated = translate(event) { events.append(translated) }
        }
        if window != nil, X11ErrorGuard.takeWindowLoss(), !windowLost {
            // Destroyed from outside: end as a close would, so what was asked is still written.
            windowLost = true
            diagnostics.say("The window was closed from outside (X reports it gone); ending as if it had been closed.")
            events.append(.quit)
        }
        return events
    }

    /// SDL event → kit event, in points and seconds on `SDLClock`'s time base (SDL's ticks).
    func translate(_ event: SDL_Event) -> InputEvent? {
        let time = Double(event.common.timestamp) / 1000
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            return .quit
        case SDL_DROPFILE:
            guard let file = event.drop.file else { return nil }
            defer { SDL_free(file) }
            return .fileDropped(String(cString: file))
        case SDL_WINDOWEVENT:
            let kind = SDL_WindowEventID(rawValue: UInt32(event.window.event))
            if kind == SDL_WINDOWEVENT_EXPOSED || kind == SDL_WINDOWEVENT_SHOWN || kind == SDL_WINDOWEVENT_RESTORED {
                // What was on screen may be gone: an idle window draws its picture again.
                invalidateWindowContents()
            }
            if kind == SDL_WINDOWEVENT_FOCUS_LOST, let cancel = cancelFingers(time: time) { return cancel }
            if kind == SDL_WINDOWEVENT_LEAVE {
                // The pointer left the window: a hover far outside it, so nothing stays named.
                return .pointer(PointerEvent(phase: .hover, location: Point(x: -10_000, y: -10_000), time: time))
            }
            guard kind == SDL_WINDOWEVENT_SIZE_CHANGED || kind == SDL_WINDOWEVENT_RESIZED else { return nil }
            refreshSizes()
            return .windowResized(pointSize)
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            return finger(event.tfinger, type: SDL_EventType(rawValue: event.type), time: time)
        case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
            guard !isFromTouch(event.button.which) else { return nil }
            return pointer(.down, x: event.button.x, y: event.button.y, time: time)
        case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
            guard !isFromTouch(event.button.which) else { return nil }
            return pointer(.up, x: event.button.x, y: event.button.y, time: time)
        case SDL_MOUSEMOTION:
            let location = point(x: event.motion.x, y: event.motion.y)
            rememberPointer(location)
            let held = event.motion.state & UInt32(1 << (SDL_BUTTON_LEFT - 1)) != 0
            // The finger already said it (a mouse made from a touch, or a touch made from the mouse).
            guard !held || !isFromTouch(event.motion.which) else { return nil }
            return .pointer(PointerEvent(phase: held ? .move : .hover, location: location, time: time))
        case SDL_MOUSEWHEEL:
            // One wheel notch moves content by about three lines of text, as a desktop scroll view does.
            let notch = 40.0
            let flip = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue) ? -1.0 : 1.0
            let delta = Point(
                x: -Double(event.wheel.preciseX) * notch * flip, y: Double(event.wheel.preciseY) * notch * flip)
            return .wheel(delta: delta, location: lastPointerLocation, time: time)
        case SDL_KEYDOWN:
            // Ctrl+Q (⌘Q on a Mac keyboard) quits, as a desktop app does: the same as closing.
            let modifiers = UInt32(event.key.keysym.mod)
            if event.key.keysym.sym == SDL_Keycode(SDLK_q.rawValue),
                modifiers & (UInt32(KMOD_CTRL.rawValue) | UInt32(KMOD_GUI.rawValue)) != 0
            {
                return .quit
            }
            let shifted = (UInt32(event.key.keysym.mod) & UInt32(KMOD_SHIFT.rawValue)) != 0
            guard let key = Self.key(for: event.key.keysym.sym, shifted: shifted) else { return nil }
            // Ctrl, Alt or ⌘ with a letter is another shortcut (the window manager's, the
            // terminal's), not the letter.
            let chorded =
                modifiers & (UInt32(KMOD_CTRL.rawValue) | UInt32(KMOD_ALT.rawValue) | UInt32(KMOD_GUI.rawValue))
            if chorded != 0, key.rawValue.count == 1 { return nil }
            if event.key.repeat != 0
                && (key == .f11 || key == .f12 || key == .shiftF12 || key == .enter || key == .escape)
            {
                return nil
            }
            return .key(key, time: time)
        default:
            return nil
        }
    }

    static func key(for symbol: SDL_Keycode, shifted: Bool = false) -> Key? {
        switch Int(symbol) {
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_F11.rawValue): return .f11
        case Int(SDLK_F12.rawValue): return shifted ? .shiftF12 : .f12
        case Int(SDLK_COMMA.rawValue): return .comma
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_PERIOD.rawValue): return .period
        case Int(SDLK_LEFTBRACKET.rawValue): return .bracketLeft
        case Int(SDLK_RIGHTBRACKET.rawValue): return .bracketRight
        case Int(SDLK_QUESTION.rawValue): return .question
        case Int(SDLK_SLASH.rawValue): return shifted ? .question : nil
        case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue):
            // Every letter as itself: what a letter does is up to the tools and scenes.
            return Key.letter(Character(UnicodeScalar(UInt8(symbol))))
        default: return nil
        }
    }

    private func point(x: Int32, y: Int32) -> Point {
        Point(x: Double(x) / explicitScale, y: Double(y) / explicitScale)
    }

    private func pointer(_ phase: PointerEvent.Phase, x: Int32, y: Int32, time: Double) -> InputEvent {
        let location = point(x: x, y: y)
        rememberPointer(location)
        return .pointer(PointerEvent(phase: phase, location: location, time: time))
    }
}
