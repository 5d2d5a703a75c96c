import Graphics

/// A window size typed on a command line as `WxH` (the app's and the monkey's `--size`, each size
/// of the bench's `--sizes`). One parser for every tool, so they accept the same text, obey the
/// same limits as a script's size and say the same sentence when the text is wrong.
extension InputLimits {
    /// The size `text` names (`390x844`, `390X844`, `1280x800.5`), within `windowSide`.
    /// - Parameter flag: the flag the text came with, named in the error (`--size`).
    public static func windowSize(_ text: String, flag: String) throws(WindowSizeError) -> Size {
        // Empty pieces are kept so that `390xx844` or `x844` is an error, not read leniently.
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw WindowSizeError(flag: flag, text: text)
        }
        let size = Size(width: width, height: height)
        guard isValidWindow(size) else { throw WindowSizeError(flag: flag, text: text) }
        return size
    }

    /// `size` as `windowSize` reads it back (`390x844`; a fraction only when there is one), so a
    /// tool can hand a size to a child process or print it in the form it was typed.
    public static func windowSizeText(_ size: Size) -> String {
        func side(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return "\(side(size.width))x\(side(size.height))"
    }
}

/// A `WxH` that is not a window this app can open. Its description is the whole sentence (the
/// flag, the rule and the text given), which ArgumentParser shows after its own "The value … is
/// invalid" when a transform throws it.
public struct WindowSizeError: Error, CustomStringConvertible, Sendable {
    public var flag: String
    public var text: String

    public var description: String { "\(flag) must be \(InputLimits.sizeRule), not '\(text)'." }
}
