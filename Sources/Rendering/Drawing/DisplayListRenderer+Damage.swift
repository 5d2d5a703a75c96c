import Graphics

/// Drawing a frame only where it differs from the one the output holds (`.drawChangesOnly`,
/// `FrameDamage`): the output keeps its pixels from frame to frame, so where nothing that covers
/// a pixel changed, the pixel is right already. Everything else a frame's pixels depend on is
/// checked here, and any doubt draws the frame whole: the output's size and scale, the options,
/// the clear, a picture that was not drawn yet (its decode under way), a texture that came or
/// went (`RenderResources.contentEpoch`), the tools drawn over the last frame (`overdrawn`).
extension DisplayListRenderer {
    /// What the output holds after a frame, as the next one needs to know it.
    struct HeldFrame {
        var items: [FrameDamage.Item]
        var clearColor: Color
        var promotedClear: Color
        var shown: Rect
        var outputWidth: Int
        var outputHeight: Int
        var scale: Double
        var options: RenderOptions
        var contentEpoch: Int
        /// Every picture the frame asked for was drawn.
        var isComplete = true

        /// Whether a frame drawn as `other` describes may draw over this one where it changed.
        func admits(_ other: HeldFrame) -> Bool {
            isComplete && clearColor == other.clearColor && promotedClear == other.promotedClear
                && shown == other.shown && outputWidth == other.outputWidth && outputHeight == other.outputHeight
                && scale == other.scale && options == other.options && contentEpoch == other.contentEpoch
        }
    }

    /// Where a frame is drawn.
    package enum ChangedArea: Equatable {
        /// Everywhere (the first frame, or whenever the output's pixels cannot be trusted).
        case whole
        /// Within these output pixels only.
        case within(PixelBox)
        /// Nowhere: the output shows this frame already.
        case nothing
    }

    /// The frame `list` will leave in the output, or nil when it is drawn whole regardless
    /// (the option is off, or the executor cannot keep to part of the output exactly).
    func frameToHold(
        of list: DisplayList, promotedClear: Color, shown: Rect, outputWidth: Int, outputHeight: Int
    ) -> HeldFrame? {
        guard optionsInForce.contains(.drawChangesOnly), executor.capabilities.restrictsOutputExactly else {
            return nil
        }
        return HeldFrame(
            items: items(of: list.commands, within: shown), clearColor: list.clearColor,
            promotedClear: promotedClear, shown: shown, outputWidth: outputWidth, outputHeight: outputHeight,
            scale: scale, options: optionsInForce, contentEpoch: resources.contentEpoch)
    }

    /// Where the frame `next` must be drawn over the one held; the tools' pixels are taken into
    /// account once.
    func changedArea(toward next: HeldFrame?) -> ChangedArea {
        let tools = overdrawn
        overdrawn = nil
        guard let next, let held = heldFrame, held.admits(next), !picturesWaiting else { return .whole }
        let changed = FrameDamage.region(from: held.items, to: next.items)
        guard let damage = [changed, tools].compactMap({ $0 }).reduce(nil, { $0?.union($1) ?? $1 }) else {
            return .nothing
        }
        let output = FrameDamage.Box(minX: 0, minY: 0, maxX: next.outputWidth, maxY: next.outputHeight)
        let box = FrameDamage.grown(damage, toHoldPicturesOf: next.items).intersection(output)
        guard !box.isEmpty else { return .nothing }
        // A change over most of the output is drawn whole: no saving, and nothing to get wrong.
        if box.area * 10 >= output.area * 9 { return .whole }
        return .within(PixelBox(box))
    }

    /// The tools are drawn over the frame: their pixels are not the scene's, so the next frame
    /// redraws under them.
    func coverHeldFrame(with overlay: DisplayList) {
        guard heldFrame != nil, !overlay.commands.isEmpty else { return }
        let full = targets.first?.pixelBounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let reach = items(of: overlay.commands, within: full).reduce(FrameDamage.Box.none) { $0.union($1.box) }
        guard !reach.isEmpty else { return }
        overdrawn = overdrawn?.union(reach) ?? reach
        noteDrawn(.within(PixelBox(reach)))
    }

    /// Adds `area` to what was drawn since the output was last shown.
    func noteDrawn(_ area: ChangedArea) {
        switch (drawnSinceShown, area) {
        case (.whole, _), (_, .nothing): return
        case (.nothing, _), (_, .whole): drawnSinceShown = area
        case (.within(let old), .within(let new)):
            drawnSinceShown = .within(PixelBox(FrameDamage.Box(old).union(FrameDamage.Box(new))))
        }
    }

    /// The output pixels drawn since the last call — `.whole` after a frame drawn whole, so a
    /// window shows only what changed (`SDL_UpdateWindowSurfaceRects`) — and starts anew.
    package func takeDrawnSinceShown() -> ChangedArea {
        defer { drawnSinceShown = .nothing }
        return drawnSinceShown
    }

    /// The output's pixels were changed or lost outside the drawing (a window exposed): the next
    /// frame is drawn whole.
    package func forgetHeldFrame() {
        heldFrame = nil
        overdrawn = nil
    }

    private func items(of commands: [DrawCommand], within area: Rect) -> [FrameDamage.Item] {
        let hasFonts = executor.hasFonts
        let resources = self.resources
        let scale = self.scale
        return FrameDamage.items(of: commands, scale: scale, area: area) { string, font in
            guard hasFonts, let entry = resources.text.texture(for: string, font: font, pixelScale: scale) else {
                return nil
            }
            return (Int(entry.width), Int(entry.height))
        }
    }
}

extension FrameDamage.Box {
    init(_ box: PixelBox) {
        self.init(minX: Int(box.x), minY: Int(box.y), maxX: Int(box.x + box.w), maxY: Int(box.y + box.h))
    }
}

extension PixelBox {
    init(_ box: FrameDamage.Box) {
        self.init(x: Int32(box.minX), y: Int32(box.minY), w: Int32(box.maxX - box.minX), h: Int32(box.maxY - box.minY))
    }
}
