import Foundation

/// An sRGB colour with straight (not premultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `0xRRGGBB`, the way designers hand colours over.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var isOpaque: Bool { alpha >= 1 }
    public var isClear: Bool { alpha <= 0 }

    /// Linear blend; used when a colour is animated.
    public func mixed(with other: Color, fraction t: Double) -> Color {
        Color(
            red: red + (other.red - red) * t, green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// 8-bit channels, rounded, in RGBA order.
    public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    public static let clear = Color(white: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    /// iOS's system grouped background and separator greys, for a native-looking gallery.
    public static let systemGroupedBackground = Color(hex: 0xF2F2F7)
    public static let separator = Color(hex: 0xC6C6C8)
    public static let secondaryLabel = Color(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
    public static let systemBlue = Color(hex: 0x007AFF)

    /// WCAG's relative luminance of the colour (its alpha ignored): 0 black … 1 white.
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let c = min(max(channel, 0), 1)
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// This colour drawn over an opaque `background` (source-over).
    public func composited(over background: Color) -> Color {
        let a = min(max(alpha, 0), 1)
        return Color(
            red: red * a + background.red * (1 - a), green: green * a + background.green * (1 - a),
            blue: blue * a + background.blue * (1 - a), alpha: 1)
    }
}
