import Graphics

/// A frozen picture of a view (or of a region of it) as it looked when taken: its drawing
/// commands, replayed wherever the snapshot is placed and scaled with it. Transitions animate
/// snapshots so the real views can change underneath (UIKit's snapshotView / resizableSnapshot).
@MainActor
public final class SnapshotView: View {
    /// Commands in the snapshot's own coordinates: (0,0) is the top-left of what was captured.
    public private(set) var commands: [DrawCommand]
    /// The size of what was captured.
    public private(set) var contentSize: Size

    /// Where the picture sits when the view is taller or shorter than it (UIKit's content mode).
    public enum ContentAnchor: Sendable {
        /// Top-left, as captured.
        case top
        /// Bottom-aligned: as the view shrinks, the picture's top is cut off first (a navigation
        /// bar collapsing under an expanding cell keeps its title row longest).
        case bottom
    }

    public var contentAnchor = ContentAnchor.top

    init(commands: [DrawCommand], size: Size) {
        self.commands = commands
        contentSize = size
        super.init(frame: Rect(origin: .zero, size: size))
        existsOnlyForTransition = true
        isUserInteractionEnabled = false
    }

    /// Shows what `other` captured instead, keeping this view's place, animations and identity:
    /// a transition retakes its pictures after a resize without restarting its motion.
    public func replaceContent(with other: SnapshotView) {
        commands = other.commands
        contentSize = other.contentSize
    }

    public override func drawContent(in context: inout DrawingContext) {
        let shift = contentAnchor == .bottom ? context.bounds.height - contentSize.height : 0
        if shift == 0 {
            context.replay(commands)
        } else {
            let moved = AffineTransform(translationX: 0, y: shift)
            context.replay(commands.map { $0.transformed(by: moved) })
        }
    }
}

extension View {
    /// A picture of this view and its subviews as they are on screen now (presented values),
    /// sized like the view; place it with `frame`. Nothing is cut off, so antialiased edges and
    /// shadows reaching past the bounds look exactly as on the original.
    public func snapshot() -> SnapshotView {
        let everything = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        let snap = SnapshotView(
            commands: DisplayListBuilder().commands(forSubtreeOf: self, clip: everything), size: presented.bounds.size)
        snap.accessibilityIdentifier = accessibilityIdentifier.map { $0 + ".snapshot" }
        return snap
    }

    /// A picture of the part of this view within `rect` (in its own coordinates), clipped to it
    /// (UIKit's resizableSnapshotView(from:)).
    public func snapshot(of rect: Rect) -> SnapshotView {
        let local = Rect(
            x: rect.minX - presented.bounds.minX, y: rect.minY - presented.bounds.minY, width: rect.width,
            height: rect.height)
        var commands = DisplayListBuilder().commands(forSubtreeOf: self, clip: local)
        // Shift so the captured rect's corner is the snapshot's origin, and clip to it.
        let shift = AffineTransform(translationX: -local.minX, y: -local.minY)
        commands =
            [.pushClip(Rect(origin: .zero, size: rect.size))]
            + commands.map { $0.transformed(by: shift) } + [.popClip]
        let snap = SnapshotView(commands: commands, size: rect.size)
        snap.accessibilityIdentifier = accessibilityIdentifier.map { $0 + ".snapshot" }
        return snap
    }
}

extension DrawCommand {
    /// Where a sheared command's rect goes under a scale + translate: its columns keep their
    /// slope, but the shear is measured from window x = 0, so a move sideways by tx moves the
    /// rect's unsheared top up by `shear × tx` for its corners to land where they were mapped.
    private func shearedTarget(_ rect: Rect, shear: Double, _ transform: AffineTransform) -> Rect {
        transform.apply(to: rect).offsetBy(dx: 0, dy: -shear * transform.tx)
    }

    /// The command with its geometry mapped through a scale + translate transform.
    public func transformed(by transform: AffineTransform) -> DrawCommand {
        let scale = transform.uniformScale
        switch self {
        case .fill(let rect, let color, let radius):
            return .fill(rect: transform.apply(to: rect), color: color, cornerRadius: radius * scale)
        case .shadow(let rect, let radius, let blur, let color):
            return .shadow(
                rect: transform.apply(to: rect), cornerRadius: radius * scale, blur: blur * scale, color: color)
        case .image(let image, let source, let destination, let radius, let alpha):
            return .image(
                image, source: source, destination: transform.apply(to: destination), cornerRadius: radius * scale,
                alpha: alpha)
        case .text(let string, let font, let color, let frame, let textScale):
            return .text(string, font: font, color: color, frame: transform.apply(to: frame), scale: textScale * scale)
        case .missing(let rect, let label):
            return .missing(rect: transform.apply(to: rect), label: label)
        case .pushClip(let rect):
            return .pushClip(transform.apply(to: rect))
        case .beginGroup(let bounds, let alpha):
            return .beginGroup(bounds: transform.apply(to: bounds), alpha: alpha)
        case .layer(let id, let destination, let size, let commands, let alpha):
            return .layer(
                id: id, destination: transform.apply(to: destination), contentSize: size, commands: commands,
                alpha: alpha)
        case .transformed(var drawing):
            if let shear = drawing.shear {
                // Kept a shear, drawn in whole columns as every other sheared drawing.
                drawing.destination = shearedTarget(drawing.destination, shear: shear, transform)
                drawing.shown = shearedTarget(drawing.shown, shear: shear, transform)
            } else {
                drawing.transform = drawing.transform.concatenating(transform)
            }
            return .transformed(drawing)
        case .popClip, .endGroup:
            return self
        }
    }
}
