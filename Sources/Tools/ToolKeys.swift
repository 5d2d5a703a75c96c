import Platform

/// The tools' shortcuts: letters the backend reports as it reports every letter, named here
/// where the tools live. A new tool's key is one line here, the tool's `keys`, and a row in the
/// README's key table and docs/SCRIPTING.md (`tools/check-docs` checks the README's); `answered`
/// keeps its order, so an old monkey seed replays the same script.
extension Key {
    /// The motion lab: S slows down, G graphs the curves, H shows the HUD, R records.
    public static let s = Key(rawValue: "s")
    public static let g = Key(rawValue: "g")
    public static let h = Key(rawValue: "h")
    public static let r = Key(rawValue: "r")
    /// T shows the live tuning panel.
    public static let t = Key(rawValue: "t")
    /// The last transition again: P plays it, L loops it, B plays it before and after the last
    /// tuned value changed (again: as a ghost).
    public static let p = Key(rawValue: "p")
    public static let l = Key(rawValue: "l")
    public static let b = Key(rawValue: "b")
    /// C copies the scene's effect as code (UIKit, SwiftUI, Compose), tuned values in place.
    public static let c = Key(rawValue: "c")
    /// I: the teardown inspector, the tree exploded in 3D; again: 2D outlines; again: off.
    public static let i = Key(rawValue: "i")
    /// U: the reference video over the scene, stronger each time (25, 50, 75, 100 %), then where
    /// the two differ, then off.
    /// (O and V are the inspector's while it is on.)
    public static let u = Key(rawValue: "u")
    /// A: apply the reference video's fitted spring to the scene's constants.
    public static let a = Key(rawValue: "a")
    /// M: Reduce Motion on or off (iOS's accessibility setting): transitions cross-fade.
    public static let m = Key(rawValue: "m")

    /// The keys the scene itself answers (close, open, move between items, settings).
    public static let sceneKeys: Set<Key> = [.escape, .enter, .left, .right, .up, .down, .comma]

    /// The keys the tools and the app answer, in the order the monkey draws from (kept, so a
    /// seed replays the same script).
    public static let answered: [Key] = [
        .escape, .enter, .left, .right, .up, .down, .f11, .f12, .comma, .space, .period, .s, .g, .h, .r,
        .question, .t, .p, .l, .b, .shiftF12, .u, .bracketLeft, .bracketRight, .a, .i, .c, .m,
    ]
}
