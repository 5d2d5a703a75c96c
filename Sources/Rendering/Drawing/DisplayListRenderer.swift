import Graphics

/// Draws a `DisplayList` through a `RenderExecutor`: plain rects and opaque images without
/// blending, rounded shapes and shadows as antialiased geometry, text from cached white textures
/// tinted, groups through a reusable offscreen target. Every choice is made here (or in the
/// passes and the resources' policies); the executor only carries it out.
@MainActor
package final class DisplayListRenderer {
    let executor: any RenderExecutor
    let assets: any PictureSource
    /// What is kept between frames (text, pictures, layers, group targets), in one budget.
    package let resources: RenderResources
    var pictures: PictureTextures { resources.pictures }
    var composesPremultiplied: Bool { executor.capabilities.composesPremultiplied }

    /// Device pixels per point.
    package var scale: Double = 1
    /// What drawing costs on this renderer (SDL's software renderer or a GPU): which
    /// optimisations pay, and the thresholds of those that do.
    package let costModel: RenderCostModel
    /// The optimisations asked for: the display list passes (`RenderPipeline`) and the choices
    /// this drawing makes per command. `.reference` draws the plainest correct picture.
    package var options = RenderOptions.all {
        didSet { pipeline = RenderPipeline(options: optionsInForce) }
    }
    /// Those asked for that pay on this renderer (`costModel`).
    package var optionsInForce: RenderOptions { options.intersection(costModel.worthwhile) }
    private(set) var pipeline = RenderPipeline(options: .all)
    /// Shadows and translucent rounded rects drawn as straight bands and corner patches
    /// (`RingPieces`); off, as one mesh (tests compare the two).
    package var drawsRingsInPieces: Bool {
        get { optionsInForce.contains(.ringPieces) }
        set { if newValue { options.insert(.ringPieces) } else { options.remove(.ringPieces) } }
    }

    /// Where the current target sits in window pixels, and its clip stack (window pixels).
    struct TargetState {
        var texture: ExecutorTexture?
        var origin: (x: Double, y: Double)
        var clips: [Rect]
        var alpha: Double
        var pixelBounds: Rect
        /// Pixels per point of the coordinates drawn into this target (the device scale, or a
        /// rasterized layer's own scale).
        var scale: Double
        /// Pixels per point down the target where it differs from across: a rasterized layer shown
        /// a hair taller or shorter than its width's scale (a panel whose sides are each floored to
        /// whole points) is drawn at the height it is shown, as the live view is, so the live
        /// wrapper hands over to the panel's picture without its text moving a pixel.
        var verticalScale: Double?
        var scaleY: Double { verticalScale ?? scale }
        /// Whether anything was drawn into it yet, and whether that first drawing was an opaque
        /// fill over all of it (a screen fading as a group): then no pixel of it is partly covered.
        var hasDrawn = false
        var startsWithOpaqueCover = false
        /// A group's bounds in points (what all its commands lie within).
        var contentBounds: Rect?
    }

    /// Textures made so far (text, images, layers, targets): a steady frame makes none (bench).
    package var texturesCreated: Int { resources.texturesCreated }

    /// Textures alive now (text, images, rasterized layers, group targets): must stay bounded.
    package var liveTextureCount: Int {
        resources.liveTextureCount + resampledCopies.count + resampledSpares.count + (pictureScratch == nil ? 0 : 1)
    }
    package var pictureTextureCount: Int { pictures.count }
    var frameNumber: Int { resources.frame }
    /// Pictures not drawn because their decode was still under way (a real window).
    var picturesSkipped = 0
    /// Layer renders since start (benchmarks and tests check that static layers are reused).
    package internal(set) var layerRenders = 0
    /// Where transformed pictures are drawn before being stretched or resampled to their size (one, reused).
    var pictureScratch: CachedLayer?
    /// Turned pictures already carried onto the target, by picture id (`drawResampled`).
    var resampledCopies: [Int: ResampledCopy] = [:]
    /// Resampled copies' textures no drawing holds now, for the next copy that fits.
    var resampledSpares: [SizedTexture] = []
    var targets: [TargetState] = []
    /// What the output holds (the last frame drawn, whole or where it changed), for the next frame
    /// to redraw only where it differs (`.drawChangesOnly`); nil when that is not known.
    var heldFrame: HeldFrame?
    /// The output pixels the tools were drawn over since the last frame (they hold no scene).
    var overdrawn: FrameDamage.Box?
    /// The output pixels drawn since a window last showed them (`takeDrawnSinceShown`).
    var drawnSinceShown = ChangedArea.whole

    package init(executor: any RenderExecutor, pictures source: any PictureSource, byteBudget: Int) {
        self.executor = executor
        self.assets = source
        self.costModel = executor.capabilities.isSoftware ? .softwareRenderer : .gpu
        pipeline = RenderPipeline(options: RenderOptions.all.intersection(costModel.worthwhile))
        self.resources = RenderResources(executor: executor, pictures: source, byteBudget: byteBudget)
    }

    /// Pictures may change next frame whatever the list: decoded ones wait to be taken in.
    package var picturesWaiting: Bool { assets.hasDecodedWaiting || pictures.hasUploadsWaiting }

    package func draw(_ list: DisplayList, outputWidth: Int, outputHeight: Int) {
        let full = Rect(x: 0, y: 0, width: Double(outputWidth), height: Double(outputHeight))
        let assets = self.assets
        let output = Rect(x: 0, y: 0, width: Double(outputWidth) / scale, height: Double(outputHeight) / scale)
        // The list's own area (the scene beside the dock): the passes judge cover against it, and
        // nothing is drawn outside it.
        let viewport = list.viewport.map { $0.intersection(output) } ?? output
        let drawn = pipeline.run(
            list,
            in: PassContext(
                viewport: viewport, isOpaqueImage: { assets.isOpaque($0) }, costModel: costModel, pixelScale: scale))
        let commands = drawn.commands
        let shown = Rect(
            x: (viewport.minX * scale).rounded(), y: (viewport.minY * scale).rounded(),
            width: (viewport.maxX * scale).rounded() - (viewport.minX * scale).rounded(),
            height: (viewport.maxY * scale).rounded() - (viewport.minY * scale).rounded())
        let frame = frameToHold(
            of: list, promotedClear: drawn.clearColor, shown: shown, outputWidth: outputWidth,
            outputHeight: outputHeight)
        let changes = changedArea(toward: frame)
        noteDrawn(changes)
        if case .nothing = changes {
            heldFrame = frame
            return
        }
        let skippedBefore = picturesSkipped
        resources.beginFrame()
        executor.setTarget(nil)
        executor.setClip(nil)
        if case .within(let box) = changes { executor.restrictOutput(to: box) }
        clear(full, with: list.clearColor, shown: shown, promotedTo: drawn.clearColor)
        targets = [TargetState(texture: nil, origin: (0, 0), clips: [shown], alpha: 1, pixelBounds: full, scale: scale)]
        applyClip()
        for command in commands { execute(command) }
        while targets.count > 1 { endGroup() }
        executor.setClip(nil)
        if case .within = changes { executor.restrictOutput(to: nil) }
        keepCoveredLayers(of: list.commands)
        releaseUnusedResampledCopies()
        resources.endFrame()
        heldFrame = frame
        // A picture not drawn yet (its decode under way) draws later under the same command.
        heldFrame?.isComplete = picturesSkipped == skippedBefore
        heldFrame?.contentEpoch = resources.contentEpoch
    }

    /// Clears the output with the list's background; the area the list is shown in takes the
    /// colour a pass promoted to the clear (one clear when that area is the whole output).
    private func clear(_ full: Rect, with background: Color, shown: Rect, promotedTo promoted: Color) {
        let coversOutput = shown.contains(full)
        executor.clear(RGBA8(coversOutput ? promoted : background))
        guard !coversOutput, promoted != background, !shown.isEmpty else { return }
        let area = PixelBox(
            x: Int32(pixel: shown.minX), y: Int32(pixel: shown.minY), w: Int32(pixel: shown.width),
            h: Int32(pixel: shown.height))
        executor.fill([area], color: RGBA8(promoted), blend: .replace)
    }

    /// Draws `list` over the frame just drawn (no clear: the tool cards over and beside the scene).
    package func drawOverlay(_ list: DisplayList) {
        coverHeldFrame(with: list)
        executor.setTarget(nil)
        executor.setClip(nil)
        let full = targets.first?.pixelBounds ?? Rect(x: 0, y: 0, width: 1, height: 1)
        targets = [TargetState(texture: nil, origin: (0, 0), clips: [full], alpha: 1, pixelBounds: full, scale: scale)]
        // The same passes as the scene, but for the clear (the frame is drawn already): a card
        // over the dock's background is folded to an opaque fill.
        let assets = self.assets
        let output = Rect(x: 0, y: 0, width: full.width / scale, height: full.height / scale)
        let drawn = pipeline.overDrawnFrame.run(
            list,
            in: PassContext(
                viewport: list.viewport.map { $0.intersection(output) } ?? output,
                isOpaqueImage: { assets.isOpaque($0) }, costModel: costModel, pixelScale: scale))
        for command in drawn.commands { execute(command) }
        while targets.count > 1 { endGroup() }
        executor.setClip(nil)
    }

    // MARK: Coordinates

    var current: TargetState { targets[targets.count - 1] }

    /// Window points → pixels of the current target.
    func pixels(_ rect: Rect) -> Rect {
        Rect(
            x: rect.minX * current.scale - current.origin.x, y: rect.minY * current.scaleY - current.origin.y,
            width: rect.width * current.scale, height: rect.height * current.scaleY)
    }

    func applyClip() {
        guard let clip = current.clips.last else { return }
        let local = clip.offsetBy(dx: -current.origin.x, dy: -current.origin.y)
        let (left, top) = (LayerGeometry.nearestPixel(local.minX), LayerGeometry.nearestPixel(local.minY))
        let (right, bottom) = (LayerGeometry.nearestPixel(local.maxX), LayerGeometry.nearestPixel(local.maxY))
        executor.setClip(
            PixelBox(
                x: Int32(pixel: left), y: Int32(pixel: top), w: Int32(pixel: max(0, right - left)),
                h: Int32(pixel: max(0, bottom - top))))
    }

    // MARK: Commands

    func execute(_ command: DrawCommand) {
        if targets.count > 1, !current.hasDrawn, !command.isClip {
            targets[targets.count - 1].hasDrawn = true
            if case .fill(let rect, let color, let radius) = command, color.isOpaque, radius < 0.5,
                let bounds = current.contentBounds
            {
                // Everything a group draws lies within its bounds: a first opaque fill over them
                // leaves no pixel partly covered.
                targets[targets.count - 1].startsWithOpaqueCover = rect.contains(bounds)
            }
        }
        switch command {
        case .fill(let rect, let color, let radius):
            fill(pixels(rect), color: color, radius: radius * current.scale)
        case .shadow(let rect, let radius, let blur, let color):
            drawShadow(pixels(rect), radius: radius * current.scale, blur: blur * current.scale, color: color)
        case .image(let image, let source, let destination, let radius, let alpha):
            drawImage(
                image, source: source, destination: pixels(destination), radius: radius * current.scale, alpha: alpha)
        case .text(let string, let font, let color, let frame, let textScale):
            drawText(string, font: font, color: color, frame: pixels(frame), textScale: textScale)
        case .missing(let rect, _):
            drawMissing(pixels(rect))
        case .pushClip(let rect):
            let windowPixels = Rect(
                x: rect.minX * current.scale, y: rect.minY * current.scaleY, width: rect.width * current.scale,
                height: rect.height * current.scaleY)
            let top = current.clips.last ?? windowPixels
            targets[targets.count - 1].clips.append(top.intersection(windowPixels))
            applyClip()
        case .popClip:
            if current.clips.count > 1 { targets[targets.count - 1].clips.removeLast() }
            applyClip()
        case .beginGroup(let bounds, let alpha):
            beginGroup(bounds: bounds, alpha: alpha)
        case .endGroup:
            if targets.count > 1 { endGroup() }
        case .layer(let id, let destination, let size, let commands, let alpha):
            drawLayer(id: id, destination: pixels(destination), contentSize: size, commands: commands, alpha: alpha)
        case .transformed(let drawing):
            guard let shear = drawing.shear else {
                drawResampled(drawing)
                return
            }
            switch drawing.content {
            case .fill(let color):
                drawShearedFill(pixels(drawing.drawnRect), shear: shear, color: color)
            case .picture(let picture, let alpha):
                drawShearedLayer(
                    picture, destination: pixels(drawing.destination), shown: pixels(drawing.shown), shear: shear,
                    alpha: alpha)
            }
        }
    }

    func fill(_ rect: Rect, color: Color, radius: Double) {
        if radius < 0.5 {
            let pixel = LayerGeometry.snapped(rect)
            let blend = blendMode(
                opaque: color.isOpaque
                    && !(optionsInForce.contains(.blendNarrowOpaque)
                        && costModel.narrowOpaqueWidths.contains(pixel.width))
            )
            let box = PixelBox(
                x: Int32(pixel: pixel.minX), y: Int32(pixel: pixel.minY), w: Int32(pixel: pixel.width),
                h: Int32(pixel: pixel.height))
            executor.fill([box], color: RGBA8(color), blend: blend)
            return
        }
        drawRoundedRect(rect, radius: radius, color: color)
    }

    /// How an opaque drawing goes down: replacing what is there (`.unblendedOpaque`), or blended
    /// at full alpha as everything else is (the reference: the same pixels).
    func blendMode(opaque: Bool) -> ExecutorBlend {
        opaque && optionsInForce.contains(.unblendedOpaque) ? .replace : .blend
    }

    func drawMesh(_ mesh: ShapeTessellator.Mesh, color: Color) {
        let vertices = executorVertices(of: mesh, color: color)
        let solid = color.isOpaque && optionsInForce.contains(.unblendedOpaque) ? mesh.solidIndexCount : 0
        mesh.indices.withUnsafeBufferPointer { indices in
            if solid > 0 {
                executor.drawTriangles(
                    vertices, indices: UnsafeBufferPointer(rebasing: indices[..<solid]), texture: nil,
                    paint: TexturePaint(blend: .replace))
            }
            guard indices.count > solid else { return }
            executor.drawTriangles(
                vertices, indices: UnsafeBufferPointer(rebasing: indices[solid...]), texture: nil,
                paint: TexturePaint(blend: .blend))
        }
    }

    /// The mesh's vertices in `color`, each with its coverage of the colour's alpha.
    func executorVertices(of mesh: ShapeTessellator.Mesh, color: Color) -> [ExecutorVertex] {
        let c = RGBA8(color)
        return mesh.vertices.map { vertex in
            ExecutorVertex(
                x: vertex.x, y: vertex.y, color: c.with(alpha: UInt8((Float(c.a) * vertex.coverage).rounded())))
        }
    }

    private func drawImage(_ image: ImageRef, source: Rect, destination: Rect, radius: Double, alpha: Double) {
        let texture: ExecutorTexture
        let size: Size
        switch pictures.texture(for: image) {
        case .ready(let ready):
            texture = ready.texture
            size = Size(width: Double(ready.width), height: Double(ready.height))
        case .notYet:
            picturesSkipped += 1
            return
        case .missing:
            drawMissing(destination)
            return
        }
        // Asked for above (so an invisible picture keeps its place in the budget), not drawn.
        if optionsInForce.contains(.skipInvisible) && InvisibleDrawSkip.isInvisible(alpha) { return }
        // Above the library's limit a rounded image is drawn square (SDL 2.26's geometry can crash
        // on large textured triangles: see DESIGN.md).
        if radius >= 0.5
            && max(destination.width, destination.height) <= executor.capabilities.largestTexturedTriangles
        {
            drawRoundedImage(texture, source: source, destination: destination, radius: radius, alpha: alpha)
            return
        }
        let opaque = alpha >= 1 && assets.isOpaque(image)
        let sourceBox = PixelBox(
            x: Int32(pixel: (source.minX * size.width).rounded()),
            y: Int32(pixel: (source.minY * size.height).rounded()),
            w: Int32(pixel: max(1, (source.width * size.width).rounded())),
            h: Int32(pixel: max(1, (source.height * size.height).rounded())))
        // Edges on whole pixels, snapped as fills are: a picture and the fill beneath it (or the
        // tint over it) cover the same pixels, so no column shows one without the other.
        let snapped = LayerGeometry.snapped(destination)
        executor.copy(
            texture, source: sourceBox,
            destination: FloatBox(
                x: Float(snapped.minX), y: Float(snapped.minY), w: Float(snapped.width), h: Float(snapped.height)),
            paint: TexturePaint(blend: blendMode(opaque: opaque), alpha: Self.opacity(alpha), sampling: .linear))
    }

    /// An opacity as a byte.
    static func opacity(_ alpha: Double) -> UInt8 { UInt8(max(0, min(255, (alpha * 255).rounded()))) }

    /// The image cut to a rounded rect with exact edges, as filled rounded rects are
    /// (`RoundedRectCoverage`): each solid span and each run of edge pixels is one textured quad
    /// on whole pixels, sampling the part of the source under it, at the image's alpha times
    /// the run's coverage — all in one geometry call.
    private func drawRoundedImage(
        _ texture: ExecutorTexture, source: Rect, destination: Rect, radius: Double, alpha: Double
    ) {
        let opacity = Self.opacity(alpha)
        let pieces = RoundedRectCoverage(
            x: destination.minX, y: destination.minY, width: destination.width, height: destination.height,
            radius: radius, alpha: opacity, within: currentClipInTargetPixels)
        var vertices: [ExecutorVertex] = []
        var indices: [Int32] = []
        vertices.reserveCapacity((pieces.solid.count + pieces.edge.count) * 4)
        indices.reserveCapacity((pieces.solid.count + pieces.edge.count) * 6)
        func quad(_ rect: ShapeTessellator.PixelRect, alpha: UInt8) {
            let first = Int32(vertices.count)
            let colour = RGBA8(r: 255, g: 255, b: 255, a: alpha)
            for (x, y) in [
                (rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x + rect.width, rect.y + rect.height),
                (rect.x, rect.y + rect.height),
            ] {
                let u = source.minX + (Double(x) - destination.minX) / destination.width * source.width
                let v = source.minY + (Double(y) - destination.minY) / destination.height * source.height
                vertices.append(
                    ExecutorVertex(
                        x: Float(x), y: Float(y), color: colour, u: Float(min(max(u, 0), 1)),
                        v: Float(min(max(v, 0), 1))))
            }
            indices += [first, first + 1, first + 2, first, first + 2, first + 3]
        }
        for span in pieces.solid { quad(span, alpha: opacity) }
        for run in pieces.edge { quad(run.rect, alpha: run.alpha) }
        guard !indices.isEmpty else { return }
        indices.withUnsafeBufferPointer { indices in
            executor.drawTriangles(
                vertices, indices: indices, texture: texture, paint: TexturePaint(blend: .blend, sampling: .linear))
        }
    }

    package func releaseAll() {
        forgetHeldFrame()
        if let scratch = pictureScratch { executor.destroy(scratch.texture) }
        pictureScratch = nil
        for copy in resampledCopies.values { executor.destroy(copy.texture.texture) }
        resampledCopies = [:]
        for spare in resampledSpares { executor.destroy(spare.texture) }
        resampledSpares = []
        resources.releaseAll()
    }
}
