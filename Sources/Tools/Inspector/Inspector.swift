import Foundation
import Graphics
import Motion
import Platform
import Views

/// The teardown inspector (I): the scene's view tree exploded in depth, live. Each view is a slab
/// carrying its own drawing (its children are slabs of their own), stacked by its depth in the
/// tree as Xcode's view debugger stacks views (`StackProjection.levels`), the stack turned by
/// dragging (yaw, pitch) and spread by the wheel (spacing), every slab a parallelogram its
/// drawing is mapped onto (`StackProjection`).
/// The scene keeps running underneath — a transition plays, slowed, paused, stepped or scrubbed
/// with the lab — and the slabs move as its layers do. Views that exist only for a transition
/// (snapshots, slices, containers, wrappers, dimming views) are outlined in their own colour and
/// labelled. In 2D the scene is drawn as it is, with every view's frame outlined.
@MainActor
package final class Inspector {
    package typealias Mode = InspectorMode

    package private(set) var mode = Mode.off
    /// Degrees: yaw turns the stack sideways, pitch tips it up.
    package private(set) var yaw = 30.0
    package private(set) var pitch = 25.0
    /// Points between one depth and the next, before fitting.
    package private(set) var spacing = 28.0
    /// The selected view's id (or type, when it has no id).
    private(set) var selectedName: String?
    weak var selected: View?

    package let panel = InspectorPanelView()

    package init() {
        panel.spacingSlider.onChange = { [weak self] value in self?.setSpacing(value) }
    }

    package var isOn: Bool { mode != .off }

    /// I, the inspector's own key (its arrows, O and X it takes only while on).
    package static let shortcuts: [Key] = [.i]

    /// I: off → 3D → 2D → off.
    package func cycle() {
        setMode(mode == .off ? .exploded : mode == .exploded ? .outlined : .off)
    }

    package func setMode(_ mode: Mode) {
        self.mode = mode
        recentHeights = []
        panel.isHidden = mode == .off
    }

    /// The script's `inspect`: any of mode, yaw, pitch, spacing, a view to select (by id).
    package func configure(mode: Mode?, yaw: Double?, pitch: Double?, spacing: Double?, select: String?, in root: View)
    {
        if let mode { setMode(mode) }
        if let yaw { self.yaw = min(max(yaw, -80), 80) }
        if let pitch { self.pitch = min(max(pitch, -80), 80) }
        if let spacing { setSpacing(spacing) }
        if let select { choose(root.descendant(withIdentifier: select)) }
    }

    // MARK: Input (the pointer over the scene is the inspector's while it is on)

    private var dragStart: (point: Point, yaw: Double, pitch: Double)?
    private var dragged = false

    package func pointer(_ event: PointerEvent, root: View, sceneSize: Size) {
        switch event.phase {
        case .down:
            dragStart = (event.location, yaw, pitch)
            dragged = false
        case .move:
            guard let start = dragStart, mode == .exploded else { return }
            let dx = event.location.x - start.point.x
            let dy = event.location.y - start.point.y
            if abs(dx) + abs(dy) > 3 { dragged = true }
            yaw = min(max(start.yaw + dx * 0.3, -80), 80)
            pitch = min(max(start.pitch - dy * 0.3, -80), 80)
        case .up:
            if !dragged { choose(topmostView(at: event.location, root: root, sceneSize: sceneSize)) }
            dragStart = nil
        case .cancel:
            dragStart = nil
        case .hover:
            hover(at: event.location, root: root)
        }
    }

    /// Where the pointer rests with no button held, in the scene (nil: off it or out of the window).
    private var hoverLocation: Point?

    /// The pointer with no button held at `location` (nil, or outside the scene: off it).
    package func hover(at location: Point?, root: View) {
        hoverLocation = location.flatMap { root.bounds.contains($0) ? $0 : nil }
    }

    /// In 2D, the view under the resting pointer now — asked again every frame, since views move
    /// under a pointer that stays (a room opening under it): its frame drawn bold, its id beside it.
    package func hoveredView(in root: View) -> View? {
        guard mode == .outlined, let hoverLocation else { return nil }
        return topmostView(at: hoverLocation, root: root, sceneSize: root.bounds.size)
    }

    package func wheel(_ delta: Point) {
        setSpacing(spacing + delta.y * 0.25)
    }

    /// From the wheel, the panel's slider or a script: clamped to 0…200 pt.
    func setSpacing(_ value: Double) {
        spacing = min(max(value, 0), 200)
    }

    func choose(_ view: View?) {
        selected = view
        selectedName = view?.animationName
    }

    // MARK: The tree from the keyboard, and parts of it

    /// Only this subtree is shown (O), and these subtrees are left out (X).
    weak var soloRoot: View?
    var leftOut: [WeakView] = []

    package struct WeakView {
        weak var view: View?
    }

    /// Whether hidden and fully transparent views show as faint outlines (V toggles).
    var showsHiddenViews = true
    /// Which slabs hold still and are drawn smooth.
    var smoothing = SlabSmoothing()
    /// Slab pictures hidden, and slabs whose views left the tree, fading out rather than cut.
    var fading = SlabFading()

    // MARK: Drawing

    package typealias PlacedSlab = StackProjection.PlacedSlab

    /// Where every slab goes: turned, then the whole stack scaled to fit the scene with a margin.
    package func placement(of slabs: [ViewSlab], in size: Size) -> (placed: [PlacedSlab], scale: Double) {
        StackProjection(yaw: yaw, pitch: pitch, spacing: spacing)
            .place(
                slabs, in: size, fittingDepth: fittedDepth ?? Double(recentHeights.max() ?? 0),
                floors: levelFloors.mapValues(\.level), depths: shownDepths)
    }

    /// How high the stack stood in the last half second of frames: it is fitted to the highest,
    /// so a view lifted for a moment (views coming and going as a transition starts and ends)
    /// does not shrink the whole stack and grow it back. Emptied when the user changes what is
    /// shown (O, V, X, the mode): the fit then follows at once.
    var recentHeights: [Int] = [] {
        didSet {
            if recentHeights.isEmpty {
                fittedDepth = nil
                levelFloors = [:]
                shownDepths = [:]
                fading = SlabFading()
            }
        }
    }

    /// The highest level each view stood at in the last half second (and the frame it was
    /// reached): it stands no lower, so levels do not flip as views move past each other.
    private var levelFloors: [ObjectIdentifier: (level: Int, frame: Int)] = [:]
    /// The depth each slab is drawn at, easing a third of the way to its level each frame: a
    /// slab whose level changes (a floor let go after half a second) slides there, not jumps.
    private var shownDepths: [ObjectIdentifier: Double] = [:]
    private var framesDrawn = 0

    /// The depth the stack is fitted to, following the highest of `recentHeights` as a critically
    /// damped spring (about 0.4 s): a transition that makes the stack deeper shrinks it smoothly,
    /// and it grows back as smoothly once the transition's views are gone (it shrank in visible
    /// steps and zoomed back 22 % in one frame). Stepped once a frame, as the stack is drawn.
    private var fittedDepth: Double?
    private var fittedDepthSpeed = 0.0
    /// The fit's spring: ω in 1/s.
    private static let fitFrequency = 12.0
    /// How much deeper the stack may stand each frame than it was fitted to (4 %).
    private static let riseLimit = 1.04

    /// Once a frame: remembers how high the stack shown now stands, and eases the fit.
    private func rememberHeight(of slabs: [ViewSlab], in size: Size) {
        framesDrawn += 1
        // Where each view stands this frame on its own; the floor is the highest of the last
        // 30 frames (each kept until it is 30 frames old, unless reached again).
        let screen = Rect(origin: .zero, size: size)
        let natural = StackProjection.levels(of: slabs, within: screen)
        var floors: [ObjectIdentifier: (level: Int, frame: Int)] = [:]
        for (slab, level) in zip(slabs, natural) {
            let key = ObjectIdentifier(slab.view)
            if let kept = levelFloors[key], kept.level > level, framesDrawn - kept.frame < 30 {
                floors[key] = kept
            } else {
                floors[key] = (level, framesDrawn)
            }
        }
        levelFloors = floors
        let levels = StackProjection.levels(of: slabs, within: screen, floors: floors.mapValues(\.level))
        var depths: [ObjectIdentifier: Double] = [:]
        // The stack rises by at most a few percent a frame: slabs that appear above it (a room's,
        // as a transition starts) climb to their levels, so the fit, which never stands lower than
        // the stack, grows with them instead of leaving them past the scene's edge.
        let ceiling = fittedDepth.map { $0 * Self.riseLimit + 0.25 } ?? .infinity
        for (slab, level) in zip(slabs, levels) {
            let key = ObjectIdentifier(slab.view)
            let target = Double(level)
            // A slab seen for the first time stands at its level at once, unless that is above
            // the ceiling.
            let shown = shownDepths[key] ?? min(target, ceiling)
            let eased = shown + (target - shown) / 3
            depths[key] = min(abs(target - eased) > 0.02 ? eased : target, max(ceiling, shown))
        }
        shownDepths = depths
        recentHeights.append(levels.max() ?? 0)
        if recentHeights.count > 30 { recentHeights.removeFirst(recentHeights.count - 30) }
        let target = Double(recentHeights.max() ?? 0)
        guard let fitted = fittedDepth else {
            fittedDepth = target
            fittedDepthSpeed = 0
            return
        }
        // The critically damped spring's exact step: x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt) from the target.
        let step = 1.0 / 60
        let omega = Self.fitFrequency
        let away = fitted - target
        let decay = exp(-omega * step)
        let carried = fittedDepthSpeed + omega * away
        let next = target + (away + carried * step) * decay
        fittedDepthSpeed = (fittedDepthSpeed - omega * carried * step) * decay
        // Never fitted shallower than the stack stands now: a transition's first frames make it
        // deeper (a room's slabs appear), and a fit easing towards it left them past the scene's
        // edge for a quarter of a second (87 pt at 390). The stack rises within `riseLimit` a
        // frame, so the fit follows it without a jump.
        let standing = depths.values.max() ?? 0
        if abs(target - next) < 0.02 && abs(fittedDepthSpeed) < 0.3 {
            fittedDepth = target
            fittedDepthSpeed = 0
        } else if next < standing {
            fittedDepth = standing
            fittedDepthSpeed = 0
        } else {
            fittedDepth = next
        }
    }

    /// The picture the scene's area shows while the inspector is on (nil when it is off). Each
    /// call is a frame: the fit steps on, unless `stepping` is false (a second look at the
    /// frame drawn).
    package func frame(
        of root: View, scene: DisplayList, sceneSize: Size, metrics: any ContentMetrics, stepping: Bool = true
    ) -> DisplayList? {
        switch mode {
        case .off:
            return nil
        case .outlined:
            var commands = scene.commands
            let screen = Rect(origin: .zero, size: sceneSize)
            let slabs = shownSlabs(of: root)
            let covers = Self.opaqueCovers(slabs, within: screen)
            for (index, slab) in slabs.enumerated() where slab.isVisible && slab.depth > 0 {
                // Clipped as the view is drawn: a view scrolled or clipped out of sight has no
                // outline in the scene (3D clips its slab the same way) — nor one hidden under an
                // opaque screen drawn after it (the row under an open room).
                let shown = slab.frame.intersection(slab.clip).intersection(screen)
                guard shown.width > 0, shown.height > 0 else { continue }
                let hidden = covers.contains { cover in
                    cover.index > index && !cover.view.isDescendant(of: slab.view) && cover.rect.contains(shown)
                }
                if hidden { continue }
                commands += outline(shown, color: color(for: slab), width: slab.view === selected ? 2 : 1)
            }
            var taken: [Rect] = []
            if let selected,
                let label = label(
                    for: selected, at: selected.frameInRoot, metrics: metrics, within: sceneSize, avoiding: &taken)
            {
                commands += label
            }
            if let hovered = hoveredView(in: root), hovered !== selected {
                let frame = hovered.frameInRoot
                // Pink, seen on white pages and dark pictures alike (and apart from the selection's blue).
                commands += outline(frame, color: Color(hex: 0xFF375F), width: 2)
                if let label = label(for: hovered, at: frame, metrics: metrics, within: sceneSize, avoiding: &taken) {
                    commands += label
                }
            }
            return DisplayList(commands: commands, clearColor: scene.clearColor)
        case .exploded:
            return explodedFrame(of: root, sceneSize: sceneSize, metrics: metrics, stepping: stepping)
        }
    }

    /// The exploded stack: every shown slab turned and fitted, its picture and outline, the
    /// departed ones fading, the tags on top; still slabs smoothed.
    private func explodedFrame(
        of root: View, sceneSize: Size, metrics: any ContentMetrics, stepping: Bool
    ) -> DisplayList {
        let slabs = shownSlabs(of: root)
        if stepping { rememberHeight(of: slabs, in: sceneSize) }
        let placed = placement(of: slabs, in: sceneSize).placed
        var commands: [DrawCommand] = [
            .fill(rect: Rect(origin: .zero, size: sceneSize), color: Color(white: 0.13), cornerRadius: 0)
        ]
        var layers: [SlabFading.Layer] = []
        for item in placed {
            let slab = item.slab
            let key = ObjectIdentifier(slab.view)
            // A picture cut out (a view hidden in one frame) eases out; one shown appears at once,
            // and the scene's own fades are followed as they are.
            let opacity = fading.opacity(
                of: key, target: slab.isVisible ? slab.alpha : 0, stepping: stepping)
            var drawn: [DrawCommand] = []
            if opacity > 0, !slab.commands.isEmpty {
                drawn.append(picture(of: item, within: sceneSize, alpha: opacity))
            }
            // The selection's outline in its place, as nearer slabs hide it as they hide
            // the others.
            let tone = color(for: slab)
            drawn += outline(
                item, color: slab.isVisible || slab.view === selected ? tone : tone.withAlpha(0.35),
                width: slab.view === selected ? 2 : 1)
            layers.append(SlabFading.Layer(key: key, commands: drawn))
        }
        commands += fading.compose(
            layers, inTree: Set(slabs.map { ObjectIdentifier($0.view) }), stepping: stepping)
        // The labels on top of the whole stack, so slabs in front never hide them.
        var taken: [Rect] = []
        if let chosen = placed.last(where: { $0.slab.view === selected }) {
            if let label = label(
                for: chosen.slab.view, at: cornerBox(of: chosen), metrics: metrics, within: sceneSize,
                avoiding: &taken, clearOf: placed)
            {
                commands += label
            }
        }
        for item in placed where item.slab.view !== selected && isTransitionOnly(item.slab.view) {
            if let label = label(
                for: item.slab.view, at: cornerBox(of: item), metrics: metrics, within: sceneSize,
                avoiding: &taken, clearOf: placed)
            {
                commands += label
            }
        }
        return DisplayList(
            commands: smoothing.apply(to: commands, stepping: stepping), clearColor: Color(white: 0.13))
    }

    /// The topmost view under `point`: the last slab drawn there (3D), or the deepest view whose
    /// frame holds it (2D).
    package func topmostView(at point: Point, root: View, sceneSize: Size) -> View? {
        let slabs = shownSlabs(of: root)
        switch mode {
        case .off: return nil
        case .outlined:
            return slabs.last { $0.isShown && $0.depth > 0 && $0.frame.contains(point) }?.view
        case .exploded:
            return placement(of: slabs, in: sceneSize).placed.last {
                $0.slab.isShown && $0.slab.depth > 0 && $0.contains(point)
            }?.slab.view
        }
    }

    /// Views made for a transition only, outlined in their own colour and labelled: snapshots, and
    /// the slices, containers, wrappers and dimming views the seeds build.
    func isTransitionOnly(_ view: View) -> Bool { view.existsOnlyForTransition }

    // MARK: What the dock and the dump say

    /// The selected view now, if it is still in the tree.
    package var selectedView: View? { selected?.root is Window ? selected : nil }
}
