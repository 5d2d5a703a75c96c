import CSDL2
import Platform
import Testing

@testable import PlatformSDL

/// The keyboard reaches the app as named keys and letters: every letter a–z comes through as
/// itself, so a tool's new shortcut needs nothing from the backend; other keys are dropped.
@MainActor
@Suite struct KeyMappingTests {
    @Test func everyLetterIsItselfAndNamedKeysKeepTheirNames() {
        for (symbol, name) in [(SDLK_a, "a"), (SDLK_t, "t"), (SDLK_z, "z"), (SDLK_x, "x")] {
            #expect(SDLBackend.key(for: SDL_Keycode(symbol.rawValue)) == Key(rawValue: name))
        }
        #expect(SDLBackend.key(for: SDL_Keycode(SDLK_ESCAPE.rawValue)) == .escape)
        #expect(SDLBackend.key(for: SDL_Keycode(SDLK_F12.rawValue), shifted: true) == .shiftF12)
        #expect(SDLBackend.key(for: SDL_Keycode(SDLK_SLASH.rawValue), shifted: true) == .question)
        #expect(SDLBackend.key(for: SDL_Keycode(SDLK_TAB.rawValue)) == nil)
        #expect(SDLBackend.key(for: SDL_Keycode(SDLK_1.rawValue)) == nil)
    }

    @Test func scriptsNameLettersAndNamedKeys() {
        #expect(Key(scriptName: "T") == Key(rawValue: "t"))
        #expect(Key(scriptName: "?") == .question)
        #expect(Key(scriptName: "shift+f12") == .shiftF12)
        #expect(Key(scriptName: "tab") == nil)
        #expect(Key(scriptName: "tt") == nil)
        #expect(Key(scriptName: "é") == nil)
    }
}
