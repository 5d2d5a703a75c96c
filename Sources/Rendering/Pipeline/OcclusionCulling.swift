import Graphics

/// Skips what is covered: walking a display list from the top down, every opaque square-cornered
/// fill hides what was drawn before it where it paints (inside a group, only what that group drew
/// before it, since the group is blended as a whole). Earlier fills lose the
/// covered part (split into at most a few rects), anything else entirely covered is dropped, as
/// is a whole group whose bounds are covered. What remains draws the same picture with far fewer
/// pixels: a screen presented over another no longer pays for the one beneath.
public struct OcclusionCulling: RenderPass {
    public init() {}

    public var option: RenderOptions { .cullOccluded }

    public func apply(to list: DisplayList, in context: PassContext) -> DisplayList {
        let viewport = context.viewport
        return DisplayList(
            commands: Self.culled(
                Self.droppingCovered(list.commands, viewport: viewport), viewport: viewport,
                occluderShare: context.costModel.occluderShare, pixelScale: context.pixelScale),
            clearColor: list.clearColor, viewport: list.viewport)
    }

    /// Drops everything beneath the last opaque fill that covers the whole viewport outside any
    /// clip or group (a full-screen screen on top): nothing under it can show. Images never
    /// count, since they may hold transparent pixels.
    public static func droppingCovered(_ commands: [DrawCommand], viewport: Rect) -> [DrawCommand] {
        var depth = 0
        var cover: Int?
        for (index, command) in commands.enumerated() {
            switch command {
            case .pushClip, .beginGroup: depth += 1
            case .popClip, .endGroup: depth -= 1
            case .fill(let rect, let color, let radius) where depth == 0 && color.isOpaque && radius == 0:
                if ClearPromotion.covers(rect, viewport) { cover = index }
            default: break
            }
        }
        guard let cover, cover > 0 else { return commands }
        return Array(commands[cover...])
    }

    /// A sheared fill hides what lies behind it once it covers this share of the viewport's area.
    /// Far below the upright fills' threshold: a turned stack's slabs, one behind the other,
    /// hide each other almost wholly (at 2× the stack's slabs wrote 7.6 M pixels a frame where
    /// 1.7 M show), and the pieces a cut leaves cost little — each band works out its own rows
    /// of a sheared rect (`RenderExecutor.fillSheared`).
    static let shearedOccluderShare = 0.01

    /// Occluders kept at most (the largest matter; more only cost time).
    static let maximumOccluders = 8
    /// An occluder that would split a fill into more pieces than this does not cut it.
    static let maximumPieces = 6

    /// Only fills over `occluderShare` of the viewport each way occlude (the cost model's
    /// threshold: half wide and a quarter high on every renderer so far).
    public static func culled(
        _ commands: [DrawCommand], viewport: Rect,
        occluderShare: (width: Double, height: Double) = RenderCostModel.softwareRenderer.occluderShare,
        pixelScale: Double = 1
    ) -> [DrawCommand] {
        let (clips, groupEnd) = clipsAndGroupEnds(of: commands, viewport: viewport)

        // Occluders hide what lies under them: inside a group (drawn offscreen, then blended) the
        // group's own opaque fills hide what the group drew before them, and everything drawn
        // after the group hides the group's pixels too; what a group hides stays inside it.
        var occluders: [Rect] = []
        var outerOccluders: [[Rect]] = []
        // Sheared commands (the inspector's turned slabs) hide each other in their own space,
        // where every one with the same shear is an upright rect: occluders kept per shear.
        var shearedOccluders: [Double: [Rect]] = [:]
        var outerShearedOccluders: [[Double: [Rect]]] = []
        func isLarge(_ rect: Rect) -> Bool {
            rect.width > viewport.width * occluderShare.width && rect.height > viewport.height * occluderShare.height
        }
        func isLargeSheared(_ rect: Rect) -> Bool {
            rect.width * rect.height > viewport.width * viewport.height * shearedOccluderShare
        }
        var kept: [[DrawCommand]] = Array(repeating: [], count: commands.count)
        var dropped = Set<Int>()
        var index = commands.count - 1
        while index >= 0 {
            defer { index -= 1 }
            if dropped.contains(index) { continue }
            let command = commands[index].solidTransformedFill ?? commands[index]
            let clip = clips[index]
            switch command {
            case .endGroup:
                outerOccluders.append(occluders)
                outerShearedOccluders.append(shearedOccluders)
                kept[index] = [command]
            case .beginGroup(let bounds, _):
                if let outer = outerOccluders.popLast() { occluders = outer }
                if let outer = outerShearedOccluders.popLast() { shearedOccluders = outer }
                if let end = groupEnd[index], isCovered(bounds.intersection(clip), by: occluders) {
                    for inner in index...end { dropped.insert(inner) }
                    continue
                }
                kept[index] = [command]
            case .fill(let rect, let color, let radius):
                kept[index] = cut(
                    rect, color: color, radius: radius, clip: clip, occluders: &occluders, isLarge: isLarge,
                    pixelScale: pixelScale)
            case .image(_, _, let destination, _, _):
                // Dropped when covered, never clipped: a clip across a scaled picture moves the
                // grid its texels are sampled on, and every pixel that shows changes a little.
                if isCovered(destination.intersection(clip), by: occluders) { continue }
                kept[index] = [command]
            case .text(_, _, _, let frame, _):
                if isCovered(frame.intersection(clip), by: occluders) { continue }
                kept[index] = [command]
            case .shadow(let rect, _, let blur, _):
                if isCovered(rect.insetBy(dx: -blur, dy: -blur).intersection(clip), by: occluders) { continue }
                kept[index] = [command]
            case .layer(_, let destination, _, _, _):
                let visible = destination.intersection(clip)
                if isCovered(visible, by: occluders) { continue }
                kept[index] = clippedToUncovered(
                    command, visible: visible, occluders: occluders, pixelScale: pixelScale)
            case .transformed(let drawing):
                kept[index] = cut(
                    drawing, clip: clip, occluders: &shearedOccluders, isLarge: isLargeSheared,
                    pixelScale: pixelScale)
            default:
                kept[index] = [command]
            }
        }
        var result: [DrawCommand] = []
        result.reserveCapacity(commands.count)
        for (index, pieces) in kept.enumerated() where !dropped.contains(index) { result += pieces }
        return result
    }

    /// The clip each command draws under, and where each group that opens at an index ends.
    private static func clipsAndGroupEnds(of commands: [DrawCommand], viewport: Rect) -> ([Rect], [Int: Int]) {
        var clips: [Rect] = Array(repeating: viewport, count: commands.count)
        var groupEnd: [Int: Int] = [:]
        var clipStack = [viewport]
        var openGroups: [Int] = []
        for (index, command) in commands.enumerated() {
            clips[index] = clipStack[clipStack.count - 1]
            switch command {
            case .pushClip(let rect): clipStack.append(clipStack[clipStack.count - 1].intersection(rect))
            case .popClip: if clipStack.count > 1 { clipStack.removeLast() }
            case .beginGroup: openGroups.append(index)
            case .endGroup: if let start = openGroups.popLast() { groupEnd[start] = index }
            default: break
            }
        }
        return (clips, groupEnd)
    }

    /// What of a fill shows. A square one is cut to what the occluders leave and, opaque and
    /// large, hides what lies under it; a rounded one is kept whole or dropped when covered, and
    /// hides what lies inside its inner rect (the zooming disc covering the screen hides the
    /// menu beneath it).
    private static func cut(
        _ rect: Rect, color: Color, radius: Double, clip: Rect, occluders: inout [Rect], isLarge: (Rect) -> Bool,
        pixelScale: Double
    ) -> [DrawCommand] {
        let painted = rect.intersection(clip)
        if painted.isEmpty { return [] }
        if radius == 0 {
            let pieces = uncoveredPieces(of: rect, occluders: occluders, pixelScale: pixelScale)
            if pieces.isEmpty { return [] }
            if color.isOpaque && isLarge(painted) { add(painted, to: &occluders) }
            return pieces.map { .fill(rect: $0, color: color, cornerRadius: 0) }
        }
        if isCovered(painted, by: occluders) { return [] }
        if color.isOpaque, let inner = innerRect(of: rect, radius: radius) {
            let hidden = inner.intersection(clip)
            if isLarge(hidden) { add(hidden, to: &occluders) }
        }
        return [.fill(rect: rect, color: color, cornerRadius: radius)]
    }

    /// What of a transformed drawing shows. A sheared one is cut to what shows, exactly: pieces of
    /// a sheared rect are sheared rects, and every part of a picture samples it as the whole
    /// does; a large opaque sheared fill inside its clip hides what lies behind it in that shear's
    /// space (`occluders`, kept per shear). Any other transform is drawn whole.
    private static func cut(
        _ drawing: TransformedDrawing, clip: Rect, occluders: inout [Double: [Rect]], isLarge: (Rect) -> Bool,
        pixelScale: Double
    ) -> [DrawCommand] {
        guard let shear = drawing.shear else { return [.transformed(drawing)] }
        let drawn = drawing.drawnRect
        let pieces = uncoveredPieces(of: drawn, occluders: occluders[shear] ?? [], pixelScale: pixelScale)
        guard !pieces.isEmpty else { return [] }
        if case .fill(let color) = drawing.content, color.isOpaque, isLarge(drawn), clip.contains(drawing.bounds) {
            add(drawn, to: &occluders[shear, default: []])
        }
        return pieces.map { piece in
            var part = drawing
            if case .fill = drawing.content { part.destination = piece }
            part.shown = piece
            return .transformed(part)
        }
    }

    /// What of `rect` the occluders leave, as at most `maximumPieces` rects. Largest occluders
    /// first; one that would split it into more pieces is passed over, so the others still cut
    /// what they cover.
    static func uncoveredPieces(of rect: Rect, occluders: [Rect], pixelScale: Double = 1) -> [Rect] {
        var pieces = [rect]
        for occluder in occluders {
            let cut = pieces.flatMap { Self.subtract(occluder, from: $0, pixelScale: pixelScale) }
            if cut.count > maximumPieces { continue }
            pieces = cut
            if pieces.isEmpty { break }
        }
        return pieces
    }

    /// A picture or layer partly under occluders (a room's picture under its sheet) is drawn
    /// through a clip around what still shows: the renderer then touches only those pixels, and
    /// the picture is sampled exactly as before (cropping its source instead would round it to
    /// other texels and make it wobble as the sheet moves). Worth it only when most is hidden.
    static func clippedToUncovered(
        _ command: DrawCommand, visible: Rect, occluders: [Rect], pixelScale: Double = 1
    ) -> [DrawCommand] {
        let pieces = uncoveredPieces(of: visible, occluders: occluders, pixelScale: pixelScale)
        guard let shown = pieces.dropFirst().reduce(pieces.first, { $0?.union($1) }),
            shown.width * shown.height < visible.width * visible.height * clipWhenShownUnder
        else { return [command] }
        // Out to whole points so the clip's own rounding never eats a pixel that shows.
        let clip = Rect(
            x: shown.minX.rounded(.down), y: shown.minY.rounded(.down),
            width: shown.maxX.rounded(.up) - shown.minX.rounded(.down),
            height: shown.maxY.rounded(.up) - shown.minY.rounded(.down))
        return [.pushClip(clip), command, .popClip]
    }

    /// The rect a rounded rect covers wholly: inset on every side by where its corner arc crosses
    /// the diagonal, r·(1 − 1/√2), and a point more so no antialiased edge pixel counts as covered.
    static func innerRect(of rect: Rect, radius: Double) -> Rect? {
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        let inset = r * (1 - 0.5.squareRoot()) + 1
        guard rect.width > 2 * inset, rect.height > 2 * inset else { return nil }
        return rect.insetBy(dx: inset, dy: inset)
    }

    /// A partly covered picture is clipped when what shows is under this share of it.
    static let clipWhenShownUnder = 0.75

    /// Whether `rect` lies inside one occluder, with a pixel to spare for antialiased edges.
    static func isCovered(_ rect: Rect, by occluders: [Rect]) -> Bool {
        if rect.isEmpty { return true }
        let padded = rect.insetBy(dx: -1, dy: -1)
        return occluders.contains { $0.contains(padded) }
    }

    /// Keeps the occluders largest first, at most `maximumOccluders` of them.
    private static func add(_ rect: Rect, to occluders: inout [Rect]) {
        let area = rect.width * rect.height
        let position = occluders.firstIndex { $0.width * $0.height < area } ?? occluders.count
        occluders.insert(rect, at: position)
        if occluders.count > maximumOccluders { occluders.removeLast() }
    }

    /// `rect` minus `hole`: what is left of it outside the hole, in at most four pieces (above,
    /// below, left, right). A piece the cut leaves thinner than the pixel grid resolves — its cut
    /// edge and its own edge round to the same pixel line at `pixelScale` — is left out: it covers
    /// no pixel the occluder does not paint, and a renderer that draws any sliver as a hairline
    /// (as it must, for a 0.5 pt separator) would paint a row or column the rect never covered
    /// (a 0.03 pt strip of the dimming view beside a room drew a dark column at its edge).
    static func subtract(_ hole: Rect, from rect: Rect, pixelScale: Double = 1) -> [Rect] {
        let cut = rect.intersection(hole)
        guard !cut.isEmpty else { return [rect] }
        /// Whether the span from `a` to `b` (points) reaches from one pixel line to another.
        func spansPixels(_ a: Double, _ b: Double) -> Bool { (a * pixelScale).rounded() < (b * pixelScale).rounded() }
        var pieces: [Rect] = []
        if spansPixels(rect.minY, cut.minY) {
            pieces.append(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: cut.minY - rect.minY))
        }
        if spansPixels(cut.maxY, rect.maxY) {
            pieces.append(Rect(x: rect.minX, y: cut.maxY, width: rect.width, height: rect.maxY - cut.maxY))
        }
        if spansPixels(rect.minX, cut.minX) {
            pieces.append(Rect(x: rect.minX, y: cut.minY, width: cut.minX - rect.minX, height: cut.height))
        }
        if spansPixels(cut.maxX, rect.maxX) {
            pieces.append(Rect(x: cut.maxX, y: cut.minY, width: rect.maxX - cut.maxX, height: cut.height))
        }
        return pieces
    }
}

extension DrawCommand {
    /// A transformed picture of one colour as the fill the renderer draws for it, which can be cut.
    var solidTransformedFill: DrawCommand? {
        guard case .transformed(var drawing) = self, case .picture = drawing.content, let color = drawing.solidColor
        else { return nil }
        drawing.content = .fill(color)
        drawing.destination = drawing.drawnRect
        drawing.shown = drawing.destination
        return .transformed(drawing)
    }
}
