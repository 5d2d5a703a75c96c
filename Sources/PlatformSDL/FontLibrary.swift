import CSDL2
import Graphics

#if canImport(Glibc)
    import Glibc
#endif

/// Finds font files and opens SDL_ttf faces per (weight, pixel size).
///
/// Lookup, first hit wins (documented in docs/SCRIPTING.md, "Fonts"):
/// 1. `TEARDOWNS_FONT` / `TEARDOWNS_FONT_BOLD` environment variables (paths to .ttf/.otf files);
/// 2. Inter from Debian's `fonts-inter` (closest to iOS's system font);
/// 3. DejaVu Sans from `fonts-dejavu-core`.
/// With none of them the app still runs: text is measured by estimate and drawn as grey bars.
@MainActor
final class FontLibrary {
    static let candidates: [Font.Weight: [String]] = [
        .regular: [
            "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        ],
        .bold: [
            "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
            "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        ],
    ]

    static let environmentKeys: [Font.Weight: String] = [.regular: "TEARDOWNS_FONT", .bold: "TEARDOWNS_FONT_BOLD"]

    private(set) var paths: [Font.Weight: String] = [:]
    private var faces: [FaceKey: OpaquePointer] = [:]

    private struct FaceKey: Hashable {
        var weight: Font.Weight
        var pixelSize: Int32
    }

    private let diagnostics: Diagnostics

    init(diagnostics: Diagnostics) {
        self.diagnostics = diagnostics
        for weight in [Font.Weight.regular, .bold] {
            if let path = Self.locate(weight, diagnostics: diagnostics) { paths[weight] = path }
        }
        if paths[.regular] == nil {
            diagnostics.say(
                "No font found (looked for Inter and DejaVu Sans): text is shown as grey bars. "
                    + "Install one with: sudo apt-get install fonts-inter fonts-dejavu-core, "
                    + "or set TEARDOWNS_FONT=/path/to/font.ttf.")
        } else if paths[.bold] == nil {
            paths[.bold] = paths[.regular]
        }
    }

    var hasFonts: Bool { paths[.regular] != nil }

    /// Every candidate is opened once to be sure it is a font SDL_ttf can use: a readable file
    /// that is not a font once made all regular text vanish.
    private static func locate(_ weight: Font.Weight, diagnostics: Diagnostics) -> String? {
        if let key = environmentKeys[weight], let raw = getenv(key), raw.pointee != 0 {
            let path = String(cString: raw)
            if let problem = problem(opening: path) {
                diagnostics.say(
                    "\(key)=\(path) \(problem); falling back to the system fonts (Inter, then DejaVu Sans). "
                        + "Point \(key) at a .ttf or .otf file, or unset it.")
            } else {
                return path
            }
        }
        return candidates[weight]?.first { problem(opening: $0) == nil }
    }

    /// Nil when `path` opens as a font, else why not.
    private static func problem(opening path: String) -> String? {
        guard access(path, R_OK) == 0 else { return "cannot be read" }
        guard let face = TTF_OpenFont(path, 12) else {
            return "is not a font SDL_ttf can open (\(String(cString: SDL_GetError())))"
        }
        TTF_CloseFont(face)
        return nil
    }

    /// The face for `font` at `pixelScale` device pixels per point, opened once and kept.
    /// After shutdown no face may be opened (SDL_ttf is gone); callers fall back to estimates.
    private var isClosed = false

    func face(for font: Font, pixelScale: Double) -> OpaquePointer? {
        guard !isClosed else { return nil }
        let size = Int32(max(1, (font.size * pixelScale).rounded()))
        let key = FaceKey(weight: font.weight, pixelSize: size)
        if let face = faces[key] { return face }
        guard let path = paths[font.weight] ?? paths[.regular] else { return nil }
        guard let face = TTF_OpenFont(path, size) else {
            diagnostics.sayOnce(key: path, "Could not open the font \(path): \(String(cString: SDL_GetError())).")
            return nil
        }
        faces[key] = face
        return face
    }

    /// `text` in white on clear, ready to be made a texture (the caller frees it); nil when no
    /// face opens or SDL_ttf cannot draw it.
    func render(_ text: String, font: Font, pixelScale: Double) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let face = face(for: font, pixelScale: pixelScale) else { return nil }
        return TTF_RenderUTF8_Blended(face, text, SDL_Color(r: 255, g: 255, b: 255, a: 255))
    }

    func closeAll() {
        for face in faces.values { TTF_CloseFont(face) }
        faces = [:]
        isClosed = true
    }
}
