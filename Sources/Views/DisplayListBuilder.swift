import Graphics

/// Flattens a view tree into a `DisplayList`, back to front, using presented values.
///
/// Alpha is multiplied into each command, except where a translucent view has more than one
/// drawing underneath it: then its subtree becomes one group so overlapping children fade as a
/// single picture (Core Animation's group opacity) — and only then, since groups cost offscreen draws.
@MainActor
public struct DisplayListBuilder {
    public init() {}

    /// The honest list: everything the tree draws, back to front. What is covered is left to
    /// the renderer's pipeline to skip (`RenderPipeline`), so the reference drawing and every
    /// check see exactly what the views asked for.
    public func build(_ root: View, clearColor: Color = .black) -> DisplayList {
        var commands: [DrawCommand] = []
        let viewport = root.presented.bounds
        append(root, parentTransform: .identity, isRoot: true, alpha: 1, clip: viewport, into: &commands)
        return DisplayList(commands: commands, clearColor: clearColor)
    }

    /// What `view` and its subtree draw, in the view's own coordinates (its bounds origin at the
    /// top-left), ignoring where the view sits, its own alpha and whether it is hidden — the
    /// picture a snapshot freezes (a transition may hide the real view while its copy flies).
    public func commands(forSubtreeOf view: View, clip: Rect) -> [DrawCommand] {
        var commands: [DrawCommand] = []
        let toLocal = AffineTransform(translationX: -view.presented.bounds.minX, y: -view.presented.bounds.minY)
        append(
            view, parentTransform: toLocal, isRoot: true, alpha: 1, clip: clip, into: &commands, ignoringOwnAlpha: true)
        return commands
    }

    private func append(
        _ view: View, parentTransform: AffineTransform, isRoot: Bool, alpha inherited: Double, clip: Rect,
        into commands: inout [DrawCommand], ignoringOwnAlpha: Bool = false
    ) {
        var state = view.presented
        // A spring may carry alpha past 0 or 1 in the model; what is drawn is clamped, as Core
        // Animation clamps opacity.
        state.alpha = ignoringOwnAlpha ? 1 : state.opacity
        guard !view.isHidden || ignoringOwnAlpha, state.alpha > 0 else { return }
        let transform = isRoot ? parentTransform : state.toSuperview.concatenating(parentTransform)
        let windowRect = transform.apply(to: state.bounds)
        if view.clipsToBounds && !windowRect.intersects(clip) { return }
        if !transform.isAxisAligned && !isRoot {
            guard windowRect.intersects(clip) else { return }
            appendTurned(view, state: state, transform: transform, alpha: inherited * state.alpha, into: &commands)
            return
        }
        if view.shouldRasterize && !isRoot {
            guard windowRect.intersects(clip) else { return }
            let content = self.commands(forSubtreeOf: view, clip: Rect(origin: .zero, size: state.bounds.size))
            commands.append(
                .layer(
                    id: view.renderIdentity, destination: windowRect, contentSize: state.bounds.size,
                    commands: content, alpha: inherited * state.alpha))
            return
        }

        // A fading view with a shadow fades as one picture too: its shadow lies under its fill, and
        // drawn each at the view's alpha the shadow showed through the fill (a grey ring inside
        // the modal's fading coach ball); Core Animation composites the layer, shadow and all.
        let groupsChildren = state.alpha < 1 && (!view.subviews.isEmpty || view.shadow != nil)
        guard groupsChildren else {
            // Straight into the caller's list: only a group needs its commands apart.
            appendContent(
                of: view, state: state, transform: transform, windowRect: windowRect, alpha: inherited * state.alpha,
                clip: clip, into: &commands)
            return
        }
        var local: [DrawCommand] = []
        appendContent(
            of: view, state: state, transform: transform, windowRect: windowRect, alpha: 1, clip: clip, into: &local)
        let groupAlpha = inherited * state.alpha
        let drawn = local.filter(\.drawsPixels)
        if drawn.count <= 1 {
            commands.append(contentsOf: local.map { $0.multiplyingAlpha(by: groupAlpha) })
        } else if let bounds = local.compactMap(\.coveredRect).reduce(nil, { $0?.union($1) ?? $1 }) {
            commands.append(.beginGroup(bounds: bounds.intersection(clip), alpha: groupAlpha))
            commands.append(contentsOf: local)
            commands.append(.endGroup)
        }
    }

    /// A view turned by its transform (a rotation, a shear): its subtree drawn upright in its own
    /// coordinates as one picture, kept under the view's identity, and that picture carried
    /// into the window by the transform — as Core Animation composites a rotated layer, so
    /// overlapping children turn as one and the edges are antialiased once. What lies outside
    /// its bounds (a shadow, children hanging out) is not drawn: a limit of the kit.
    private func appendTurned(
        _ view: View, state: LayerState, transform: AffineTransform, alpha: Double, into commands: inout [DrawCommand]
    ) {
        let size = state.bounds.size
        guard size.width > 0, size.height > 0 else { return }
        let local = Rect(origin: .zero, size: size)
        // From the view's own coordinates (bounds origin at 0,0) to the window.
        let toWindow = AffineTransform(translationX: state.bounds.minX, y: state.bounds.minY).concatenating(transform)
        let content = self.commands(forSubtreeOf: view, clip: local)
        guard !content.isEmpty else { return }
        commands.append(
            .transformed(
                TransformedDrawing(
                    content: .picture(
                        LayerPicture(id: view.renderIdentity, contentSize: size, commands: content),
                        alpha: alpha),
                    destination: local, shown: local, transform: toWindow)))
    }

    /// The view's shadow, background, own drawing and children (clipped when it clips), at `alpha`.
    private func appendContent(
        of view: View, state: LayerState, transform: AffineTransform, windowRect: Rect, alpha ownAlpha: Double,
        clip: Rect, into commands: inout [DrawCommand]
    ) {
        appendOwnDrawing(
            of: view, state: state, transform: transform, windowRect: windowRect, alpha: ownAlpha, clip: clip,
            into: &commands)
        var childClip = clip
        if view.clipsToBounds {
            childClip = clip.intersection(windowRect)
            commands.append(.pushClip(windowRect))
        }
        for child in view.subviews {
            append(child, parentTransform: transform, isRoot: false, alpha: ownAlpha, clip: childClip, into: &commands)
        }
        if view.clipsToBounds {
            if case .pushClip = commands.last { commands.removeLast() } else { commands.append(.popClip) }
        }
    }

    /// Every view of the tree as a slab of its own: its own drawing without its children, where
    /// it is in the window, and its depth in the tree — what the teardown inspector explodes.
    /// Hidden and transparent views are listed too (`isVisible` false), so they can be outlined.
    public func slabs(of root: View) -> [ViewSlab] {
        var slabs: [ViewSlab] = []
        collectSlabs(
            root, transform: .identity, alpha: 1, clip: Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), depth: 0,
            visible: true, isRoot: true, into: &slabs)
        return slabs
    }

    private func collectSlabs(
        _ view: View, transform parent: AffineTransform, alpha parentAlpha: Double, clip: Rect, depth: Int,
        visible: Bool, isRoot: Bool, into slabs: inout [ViewSlab]
    ) {
        let state = view.presented
        let transform = isRoot ? parent : state.toSuperview.concatenating(parent)
        let alpha = parentAlpha * state.opacity
        let windowRect = transform.apply(to: state.bounds)
        let shown = visible && !view.isHidden && state.opacity >= 0.01
        // Its own drawing in its own coordinates, untransformed: a view that only moves or
        // scales keeps the same picture (as a rasterized layer does), and the slab maps it
        // onto `frame`.
        var own: [DrawCommand] = []
        let local = Rect(origin: .zero, size: state.bounds.size)
        if shown {
            appendOwnDrawing(
                of: view, state: state,
                transform: AffineTransform(translationX: -state.bounds.minX, y: -state.bounds.minY), windowRect: local,
                alpha: 1, clip: local.insetBy(dx: -10_000, dy: -10_000), into: &own)
        }
        slabs.append(
            ViewSlab(
                view: view, depth: depth, frame: windowRect, size: local.size, commands: own, alpha: alpha,
                clip: clip, isVisible: shown))
        // What an ancestor clips (a card a room grows out of) is not shown on the slabs either.
        let childClip = view.clipsToBounds ? clip.intersection(windowRect) : clip
        for child in view.subviews {
            collectSlabs(
                child, transform: transform, alpha: alpha, clip: childClip, depth: depth + 1, visible: shown,
                isRoot: false, into: &slabs)
        }
    }

    /// The view's shadow, background and own drawing, without its children.
    private func appendOwnDrawing(
        of view: View, state: LayerState, transform: AffineTransform, windowRect: Rect, alpha ownAlpha: Double,
        clip: Rect, into commands: inout [DrawCommand]
    ) {
        if let shadow = view.shadow, shadow.opacity > 0 {
            let scale = transform.uniformScale
            let offsetRect = windowRect.offsetBy(dx: shadow.offset.x * scale, dy: shadow.offset.y * scale)
            commands.append(
                .shadow(
                    rect: offsetRect, cornerRadius: state.cornerRadius * scale, blur: shadow.radius * scale,
                    color: shadow.color.withAlpha(shadow.color.alpha * shadow.opacity * ownAlpha)))
        }

        var context = DrawingContext(bounds: state.bounds, transform: transform, alpha: ownAlpha, clip: clip)
        if let background = state.backgroundColor {
            context.fill(state.bounds, color: background, cornerRadius: state.cornerRadius)
        }
        view.drawContent(in: &context)
        commands.append(contentsOf: context.commands)
    }
}

/// One view as the teardown inspector shows it: its own drawing (children excluded) in its own
/// coordinates (0,0 to `size`, its bounds' size), where it sits in the window (`frame`, its
/// bounds through every transform), how deep in the tree, and whether it shows at all.
@MainActor
public struct ViewSlab {
    public let view: View
    public let depth: Int
    public let frame: Rect
    public let size: Size
    public let commands: [DrawCommand]
    /// How opaque it is on screen (its own alpha times its ancestors'): a dimming view half way
    /// in is a faint slab, as it is a faint veil in the scene.
    public let alpha: Double
    /// What its ancestors' clipping lets show (window points): only that part of it is seen.
    public let clip: Rect
    public let isVisible: Bool
}

extension DrawCommand {
    /// True for commands that put pixels on screen (as opposed to clip and group bookkeeping).
    var drawsPixels: Bool {
        switch self {
        case .fill, .shadow, .image, .text, .missing, .layer, .transformed: return true
        case .pushClip, .popClip, .beginGroup, .endGroup: return false
        }
    }

    /// The window area the command may touch; a shadow reaches out by its blur.
    var coveredRect: Rect? {
        switch self {
        case .fill(let rect, _, _), .missing(let rect, _): return rect
        case .shadow(let rect, _, let blur, _): return rect.insetBy(dx: -blur, dy: -blur)
        case .image(_, _, let destination, _, _): return destination
        case .text(_, _, _, let frame, _): return frame
        case .beginGroup(let bounds, _): return bounds
        case .layer(_, let destination, _, _, _): return destination
        case .transformed(let drawing): return drawing.bounds
        case .pushClip, .popClip, .endGroup: return nil
        }
    }

    func multiplyingAlpha(by factor: Double) -> DrawCommand {
        switch self {
        case .fill(let rect, let color, let radius):
            return .fill(rect: rect, color: color.withAlpha(color.alpha * factor), cornerRadius: radius)
        case .shadow(let rect, let radius, let blur, let color):
            return .shadow(rect: rect, cornerRadius: radius, blur: blur, color: color.withAlpha(color.alpha * factor))
        case .image(let image, let source, let destination, let radius, let alpha):
            return .image(image, source: source, destination: destination, cornerRadius: radius, alpha: alpha * factor)
        case .text(let string, let font, let color, let frame, let scale):
            return .text(string, font: font, color: color.withAlpha(color.alpha * factor), frame: frame, scale: scale)
        case .beginGroup(let bounds, let alpha):
            return .beginGroup(bounds: bounds, alpha: alpha * factor)
        case .layer(let id, let destination, let size, let commands, let alpha):
            return .layer(
                id: id, destination: destination, contentSize: size, commands: commands, alpha: alpha * factor)
        case .transformed(let drawing):
            return .transformed(drawing.multiplyingAlpha(by: factor))
        case .missing, .pushClip, .popClip, .endGroup:
            return self
        }
    }
}
