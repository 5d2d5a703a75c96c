import Foundation
import Graphics
import Views

/// How the inspector shows the exploded stack: each slab in the plane `level × spacing` in front
/// of the root (`levels`), the whole stack turned by `yaw` about the vertical axis and then tipped by
/// `pitch` about the horizontal one, seen from far away (an orthographic view) and scaled to fit
/// the scene. A slab's point (x, y) lands at
///
///     x' = x·cos yaw + z·sin yaw
///     y' = y·cos pitch + x·sin yaw·sin pitch − z·cos yaw·sin pitch
///
/// — an affine map whose columns stay upright: every slab is a parallelogram with vertical
/// sides, its top and bottom sloping by `tan yaw · sin pitch`, the same slope for every slab.
/// The renderer draws that exactly as strips of whole columns (`.shearedLayer`).
@MainActor
package struct StackProjection {
    /// Degrees.
    var yaw: Double
    var pitch: Double
    /// Points between one depth and the next, before fitting.
    var spacing: Double
    /// Kept clear around the fitted stack, in points.
    static let margin = 24.0
    /// A small part of the tree shown alone (O) is zoomed in at most this much.
    static let largestScale = 3.0
    /// Views overlap for the stacking only where they share more than this, each way (points).
    static let leastOverlap = 0.5

    /// A slab as placed on screen (scene points).
    package struct PlacedSlab {
        package var slab: ViewSlab
        /// The part of the view's frame inside the scene, before turning: what the slab carries.
        package var visible: Rect
        /// The slab before its columns slide: they stand at `frame`'s x, each moved down by
        /// `shear × x` (the sheared commands' convention).
        package var frame: Rect
        var shear: Double
        /// Where it stands in the stack (`StackProjection.levels`).
        package var level: Int
        /// The whole view's frame placed the same way (parts of it outside the scene too): where
        /// its picture goes, of which `frame` shows a part.
        var wholeFrame: Rect

        /// The corners on screen: top left, top right, bottom right, bottom left.
        package var corners: [Point] {
            [
                Point(x: frame.minX, y: frame.minY + shear * frame.minX),
                Point(x: frame.maxX, y: frame.minY + shear * frame.maxX),
                Point(x: frame.maxX, y: frame.maxY + shear * frame.maxX),
                Point(x: frame.minX, y: frame.maxY + shear * frame.minX),
            ]
        }

        /// The box around the parallelogram.
        package var bounds: Rect { frame.sheared(by: shear) }

        /// Where the view's point `point` (scene points) is drawn.
        package func project(_ point: Point) -> Point {
            let x = frame.minX + (point.x - visible.minX) / max(visible.width, 1e-9) * frame.width
            let y = frame.minY + (point.y - visible.minY) / max(visible.height, 1e-9) * frame.height
            return Point(x: x, y: y + shear * x)
        }

        /// Whether any of `rect` (scene points) lies on the slab: their columns meet, and in one
        /// of them the rect's rows meet the slab's, which slope by `shear`.
        package func intersects(_ rect: Rect) -> Bool {
            let left = max(rect.minX, frame.minX)
            let right = min(rect.maxX, frame.maxX)
            guard left < right else { return false }
            // A column x holds the slab from frame.minY + shear·x to frame.maxY + shear·x.
            let slides = [shear * left, shear * right]
            let lowest = slides.min() ?? 0
            let highest = slides.max() ?? 0
            return rect.minY - frame.maxY < highest && rect.maxY - frame.minY > lowest
        }

        /// Whether `point` (scene points) lies on the slab.
        package func contains(_ point: Point) -> Bool {
            let y = point.y - shear * point.x
            return point.x >= frame.minX && point.x <= frame.maxX && y >= frame.minY && y <= frame.maxY
        }
    }

    /// Every slab placed (those with nothing inside the scene left out), farthest first, and the
    /// fitting scale.
    package func place(
        _ slabs: [ViewSlab], in size: Size, fittingDepth fitted: Double? = nil, floors: [ObjectIdentifier: Int] = [:],
        depths: [ObjectIdentifier: Double] = [:]
    ) -> (
        placed: [PlacedSlab], scale: Double
    ) {
        let yawAngle = yaw * .pi / 180
        let pitchAngle = pitch * .pi / 180
        let (a, b, d) = (cos(yawAngle), sin(yawAngle) * sin(pitchAngle), cos(pitchAngle))
        let shear = b / a
        // What shows of each view inside the scene: content scrolled or slid off screen is not
        // part of the picture being taken apart.
        let screen = Rect(origin: .zero, size: size)
        let levels = Self.levels(of: slabs, within: screen, floors: floors)
        let turned = zip(slabs, levels).compactMap { slab, level -> (ViewSlab, Rect, Point, Int)? in
            let visible = slab.frame.intersection(screen).intersection(slab.clip)
            guard visible.width > 0, visible.height > 0 else { return nil }
            // Where the slab is drawn: its level, or the inspector's eased depth on the way to it.
            let z = spacing * (depths[ObjectIdentifier(slab.view)] ?? Double(level))
            return (slab, visible, Point(x: z * sin(yawAngle), y: -z * cos(yawAngle) * sin(pitchAngle)), level)
        }
        func placed(_ visible: Rect, _ move: Point, scale: Double, shift: Point) -> Rect {
            // x' = scale (a x + move.x) + shift.x; the top edge at x' is
            // scale (d y + b x + move.y) + shift.y = shear x' + (scale (d y + move.y) + shift.y
            // − shear (scale move.x + shift.x)).
            let left = scale * (a * visible.minX + move.x) + shift.x
            let top = scale * (d * visible.minY + move.y) + shift.y - shear * (scale * move.x + shift.x)
            return Rect(x: left, y: top, width: scale * a * visible.width, height: scale * d * visible.height)
        }
        // Fitted to the stack's box — the area its slabs show in the scene (the whole scene for
        // the whole tree) at its nearest and its deepest depth, views off screen included — not
        // to where its slabs happen to be: a sheet sliding in or a view moving leaves the scale
        // (and every slab's picture) as it was; it changes when the tree gets deeper or
        // shallower, or when only part of it is shown (O: that subtree fills the scene).
        guard !turned.isEmpty, let nearest = levels.min(), let highest = levels.max() else { return ([], 1) }
        // The depth fitted: the inspector's eased one, else the stack's own.
        let deepest = fitted ?? Double(highest)
        let area = turned.dropFirst().reduce(turned[0].1) { $0.union($1.1) }
        let box = [Double(nearest), deepest].map { depth -> Rect in
            let z = spacing * depth
            let move = Point(x: z * sin(yawAngle), y: -z * cos(yawAngle) * sin(pitchAngle))
            return placed(area, move, scale: 1, shift: .zero).sheared(by: shear)
        }
        let bounds = box[0].union(box[1])
        let margin = Self.margin
        let scale = min(
            (size.width - margin * 2) / max(bounds.width, 1), (size.height - margin * 2) / max(bounds.height, 1),
            Self.largestScale)
        let shift = Point(
            x: (size.width - bounds.width * scale) / 2 - bounds.minX * scale,
            y: (size.height - bounds.height * scale) / 2 - bounds.minY * scale)
        // Farthest first: seen from the front at any turn below 90°, a slab higher in the stack
        // lies nearer the viewer than a lower one wherever both are drawn; slabs of one level,
        // in one plane, keep the tree's (the drawing's) order.
        let result = turned.enumerated().sorted { ($0.element.3, $0.offset) < ($1.element.3, $1.offset) }
            .map(\.element).map { slab, visible, move, level in
                PlacedSlab(
                    slab: slab, visible: visible, frame: placed(visible, move, scale: scale, shift: shift),
                    shear: shear, level: level, wholeFrame: placed(slab.frame, move, scale: scale, shift: shift))
            }
        return (result, scale)
    }

    /// Where each slab stands in the stack, as Xcode's view debugger stacks views: one above its
    /// parent, and a view with its subtree above every view drawn before it that the subtree
    /// overlaps in the scene (`screen`) — so a view presented over a screen stands, with all it
    /// holds, above all of that screen; the stack seen face-on with no spacing is the scene; and
    /// a tree whose subtrees do not overlap is stacked by its depth. A subtree is lifted as a
    /// whole, so a sheet sliding over a list keeps its shape (its views passing over different
    /// cells do not jump between levels). Only views that draw something (visible, with drawing
    /// of their own) lift the views after them, and hidden or clear ones (drawn as outlines).
    /// `slabs` in the tree's (the drawing's) order.
    ///
    /// A view stacks by where it lands once its animations end (where it is, when that is off
    /// the scene — a card dragged down lands below it): through a transition the stack is the
    /// one it arrives at, so levels do not change frame by frame as a spring overshoots (the
    /// status bar's slabs jumped four levels forward for nine frames of the room's overshoot)
    /// and the stack keeps its depth.
    ///
    /// `floors` keeps a view from standing lower than it stood lately (the inspector's memory of
    /// the last half second): a label laid out afresh each frame as it moves to the bar passes
    /// over others, and stood nine levels higher for a frame and back.
    package static func levels(of slabs: [ViewSlab], within screen: Rect, floors: [ObjectIdentifier: Int] = [:])
        -> [Int]
    {
        let count = slabs.count
        let drawn: [Rect?] = slabs.map { slab in
            let landed = landedFrame(of: slab.view).intersection(screen)
            let visible = landed.isEmpty ? slab.frame.intersection(screen).intersection(slab.clip) : landed
            // A hidden or clear view counts as the view it is (its outline is drawn): what is
            // drawn after it over it stands above it, as it does in the scene.
            let occupies = slab.isShown ? !slab.commands.isEmpty : true
            guard occupies, visible.width > 0, visible.height > 0 else { return nil }
            return visible
        }
        // Each subtree's end (the next slab no deeper than its root) and what it draws.
        var ends = [Int](repeating: count, count: count)
        var open: [Int] = []
        for index in 0..<count {
            while let top = open.last, slabs[top].depth >= slabs[index].depth {
                ends[top] = index
                open.removeLast()
            }
            open.append(index)
        }
        var levels = [Int](repeating: 0, count: count)
        var ancestors: [Int] = []
        for index in 0..<count {
            while let top = ancestors.last, slabs[top].depth >= slabs[index].depth { ancestors.removeLast() }
            var level = ancestors.last.map { levels[$0] + 1 } ?? 0
            let box = drawn[index..<ends[index]].compactMap { $0 }.reduce(Rect?.none) { $0?.union($1) ?? $1 }
            if let box {
                var ancestor = ancestors.makeIterator()
                var nextAncestor = ancestor.next()
                for earlier in 0..<index {
                    if earlier == nextAncestor {
                        nextAncestor = ancestor.next()
                        continue
                    }
                    guard levels[earlier] >= level, let rect = drawn[earlier] else { continue }
                    // Touching is not overlapping, whatever the rounding says: a slice whose
                    // edge meets the message's to a hundred-thousandth of a point must not
                    // flip between two levels frame by frame.
                    let shared = rect.intersection(box)
                    if shared.width > Self.leastOverlap, shared.height > Self.leastOverlap {
                        level = levels[earlier] + 1
                    }
                }
            }
            levels[index] = max(level, floors[ObjectIdentifier(slabs[index].view)] ?? 0)
            ancestors.append(index)
        }
        return levels
    }

    /// The view's frame in the window once every animation has landed, clipped as its
    /// ancestors will clip it then.
    static func landedFrame(of view: View) -> Rect {
        var frame = view.toRootWhenLanded.apply(to: view.bounds)
        var ancestor = view.superview
        while let current = ancestor, !frame.isEmpty {
            if current.clipsToBounds { frame = frame.intersection(current.toRootWhenLanded.apply(to: current.bounds)) }
            ancestor = current.superview
        }
        return frame
    }
}
