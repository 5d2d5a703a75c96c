import CSDL2
import Graphics
import Rendering

/// Draws a `DisplayList` with SDL_Renderer: plain rects and opaque images without blending,
/// rounded shapes and shadows as antialiased geometry, text from cached white textures tinted by
/// colour mod, groups through a reusable offscreen target.
@MainActor
final class DisplayListRenderer {
    let renderer: OpaquePointer
    let fonts: FontLibrary
    let assets: AssetStore
    /// What is kept between frames (text, pictures, layers, group targets), in one budget.
    let resources: RenderResources
    var pictures: PictureTextures { resources.pictures }
    var premultipliedSupport: Bool?
    lazy var premultipliedBlend: SDL_BlendMode? = {
        let mode = SDL_ComposeCustomBlendMode(
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD,
            SDL_BLENDFACTOR_ONE, SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA, SDL_BLENDOPERATION_ADD)
        return mode
    }()

    /// The texture format of opaque rasterized layers: 32-bit without alpha, when the renderer
    /// offers one (nil: they keep ARGB8888).
    lazy var opaqueLayerFormat: UInt32? = {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let offered = withUnsafeBytes(of: info.texture_formats) { Array($0.bindMemory(to: UInt32.self)) }
        let format = SDL_PIXELFORMAT_RGB888.rawValue
        return offered.prefix(Int(info.num_texture_formats)).contains(format) ? format : nil
    }()

    /// Device pixels per point.
    var scale: Double = 1
    /// What drawing costs on this renderer (SDL's software renderer or a GPU): which
    /// optimisations pay, and the thresholds of those that do.
    let costModel: RenderCostModel
    /// The optimisations asked for: the display list passes (`RenderPipeline`) and the choices
    /// this executor makes per command. `.reference` draws the plainest correct picture.
    var options = RenderOptions.all {
        didSet { pipeline = RenderPipeline(options: optionsInForce) }
    }
    /// Those asked for that pay on this renderer (`costModel`).
    var optionsInForce: RenderOptions { options.intersection(costModel.worthwhile) }
    private(set) var pipeline = RenderPipeline(options: .all)
    /// Shadows and translucent rounded rects drawn as straight bands and corner patches
    /// (`RingPieces`); off, as one mesh (tests compare the two).
    var drawsRingsInPieces: Bool {
        get { optionsInForce.contains(.ringPieces) }
        set { if newValue { options.insert(.ringPieces) } else { options.remove(.ringPieces) } }
    }

    /// Where the current target sits in window pixels, and its clip stack (window pixels).
    struct TargetState {
        var texture: OpaquePointer?
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
    var texturesCreated: Int { resources.texturesCreated }

    /// Textures alive now (text, images, rasterized layers, group targets): must stay bounded.
    var liveTextureCount: Int { resources.liveTextureCount }
    var pictureTextureCount: Int { pictures.count }
    var frameNumber: Int { resources.frame }
    /// Pictures not drawn because their decode was still under way (a real window).
    var picturesSkipped = 0
    /// Layer renders since start (benchmarks and tests check that static layers are reused).
    var layerRenders = 0
    /// Where transformed pictures are drawn before being stretched or resampled to their size (one, reused).
    var pictureScratch: CachedLayer?
    /// Turned pictures already carried onto the target, by picture id (`drawResampled`).
    var resampledCopies: [Int: ResampledCopy] = [:]
    var targets: [TargetState] = []

    init(renderer: OpaquePointer, fonts: FontLibrary, assets: AssetStore, byteBudget: Int) {
        self.renderer = renderer
        self.fonts = fonts
        self.assets = assets
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        let isSoftware = info.name.map { String(cString: $0) == "software" } ?? false
        self.costModel = isSoftware ? .softwareRenderer : .gpu
        pipeline = RenderPipeline(options: RenderOptions.all.intersection(costModel.worthwhile))
        self.resources = RenderResources(renderer: renderer, fonts: fonts, assets: assets, byteBudget: byteBudget)
    }

    /// Pictures may change next frame whatever the list: decoded ones wait to be taken in.
    var picturesWaiting: Bool { assets.hasDecodedWaiting || pictures.hasUploadsWaiting }

    func draw(_ list: DisplayList, outputWidth: Int, outputHeight: Int) {
        resources.beginFrame()
        SDL_SetRenderTarget(renderer, nil)
        SDL_RenderSetClipRect(renderer, nil)
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
        clear(full, with: list.clearColor, shown: shown, promotedTo: drawn.clearColor)
        targets = [TargetState(texture: nil, origin: (0, 0), clips: [shown], alpha: 1, pixelBounds: full, scale: scale)]
        applyClip()
        for command in commands { execute(command) }
        while targets.count > 1 { endGroup() }
        SDL_RenderSetClipRect(renderer, nil)
        keepCoveredLayers(of: list.commands)
        releaseUnusedResampledCopies()
        resources.endFrame()
    }

    /// Clears the output with the list's background; the area the list is shown in takes the
    /// colour a pass promoted to the clear (one clear when that area is the whole output).
    private func clear(_ full: Rect, with background: Color, shown: Rect, promotedTo promoted: Color) {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        let coversOutput = shown.contains(full)
        let first = (coversOutput ? promoted : background).rgba8
        SDL_SetRenderDrawColor(renderer, first.0, first.1, first.2, first.3)
        SDL_RenderClear(renderer)
        guard !coversOutput, promoted != background, !shown.isEmpty else { return }
        let inside = promoted.rgba8
        SDL_SetRenderDrawColor(renderer, inside.0, inside.1, inside.2, inside.3)
        var area = SDL_Rect(
            x: Int32(pixel: shown.minX), y: Int32(pixel: shown.minY), w: Int32(pixel: shown.width),
            h: Int32(pixel: shown.height))
        SDL_RenderFillRect(renderer, &area)
    }

    /// Draws `list` over the frame just drawn (no clear: the tool cards over and beside the scene).
    func drawOverlay(_ list: DisplayList) {
        SDL_SetRenderTarget(renderer, nil)
        SDL_RenderSetClipRect(renderer, nil)
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
        SDL_RenderSetClipRect(renderer, nil)
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
        var sdlRect = SDL_Rect(
            x: Int32(pixel: local.minX.rounded()), y: Int32(pixel: local.minY.rounded()),
            w: Int32(pixel: max(0, (local.maxX.rounded() - local.minX.rounded()))),
            h: Int32(pixel: max(0, (local.maxY.rounded() - local.minY.rounded()))))
        SDL_RenderSetClipRect(renderer, &sdlRect)
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
        let c = color.rgba8
        if radius < 0.5 {
            let pixel = LayerGeometry.snapped(rect)
            SDL_SetRenderDrawBlendMode(
                renderer,
                blendMode(
                    opaque: color.isOpaque
                        && !(optionsInForce.contains(.blendNarrowOpaque)
                            && costModel.narrowOpaqueWidths.contains(pixel.width))
                ))
            SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
            var r = SDL_Rect(
                x: Int32(pixel: pixel.minX), y: Int32(pixel: pixel.minY), w: Int32(pixel: pixel.width),
                h: Int32(pixel: pixel.height))
            SDL_RenderFillRect(renderer, &r)
            return
        }
        drawRoundedRect(rect, radius: radius, color: color)
    }

    /// How an opaque drawing goes down: replacing what is there (`.unblendedOpaque`), or blended
    /// at full alpha as everything else is (the reference: the same pixels).
    func blendMode(opaque: Bool) -> SDL_BlendMode {
        opaque && optionsInForce.contains(.unblendedOpaque) ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND
    }

    func drawMesh(_ mesh: ShapeTessellator.Mesh, color: Color) {
        let vertices = sdlVertices(of: mesh, color: color)
        let solid = color.isOpaque && optionsInForce.contains(.unblendedOpaque) ? mesh.solidIndexCount : 0
        if solid > 0 {
            SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
            SDL_RenderGeometry(renderer, nil, vertices, Int32(vertices.count), mesh.indices, Int32(solid))
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        mesh.indices.withUnsafeBufferPointer { indices in
            guard let base = indices.baseAddress, indices.count > solid else { return }
            SDL_RenderGeometry(
                renderer, nil, vertices, Int32(vertices.count), base + solid, Int32(indices.count - solid))
        }
    }

    /// The mesh's vertices in `color`, each with its coverage of the colour's alpha.
    func sdlVertices(of mesh: ShapeTessellator.Mesh, color: Color) -> [SDL_Vertex] {
        let c = color.rgba8
        return mesh.vertices.map { vertex in
            SDL_Vertex(
                position: SDL_FPoint(x: vertex.x, y: vertex.y),
                color: SDL_Color(r: c.0, g: c.1, b: c.2, a: UInt8((Float(c.3) * vertex.coverage).rounded())),
                tex_coord: SDL_FPoint(x: 0, y: 0))
        }
    }

    /// Above this size (pixels) a rounded image is drawn square: SDL 2.26's `SDL_RenderGeometry`
    /// can crash on large textured triangles (see DESIGN.md).
    static let largestRoundedImage = 512.0

    private func drawImage(_ image: ImageRef, source: Rect, destination: Rect, radius: Double, alpha: Double) {
        let texture: OpaquePointer
        let size: Size
        switch pictures.texture(for: image) {
        case .ready(let ready, let width, let height):
            texture = ready
            size = Size(width: Double(width), height: Double(height))
        case .notYet:
            picturesSkipped += 1
            return
        case .missing:
            drawMissing(destination)
            return
        }
        // Asked for above (so an invisible picture keeps its place in the budget), not drawn.
        if optionsInForce.contains(.skipInvisible) && InvisibleDrawSkip.isInvisible(alpha) { return }
        if radius >= 0.5 && max(destination.width, destination.height) <= Self.largestRoundedImage {
            drawRoundedImage(texture, source: source, destination: destination, radius: radius, alpha: alpha)
            return
        }
        let opaque = alpha >= 1 && assets.isOpaque(image)
        SDL_SetTextureBlendMode(texture, blendMode(opaque: opaque))
        SDL_SetTextureAlphaMod(texture, UInt8(max(0, min(255, (alpha * 255).rounded()))))
        var src = SDL_Rect(
            x: Int32(pixel: (source.minX * size.width).rounded()),
            y: Int32(pixel: (source.minY * size.height).rounded()),
            w: Int32(pixel: max(1, (source.width * size.width).rounded())),
            h: Int32(pixel: max(1, (source.height * size.height).rounded())))
        // Edges on whole pixels, snapped as fills are: a picture and the fill beneath it (or the
        // tint over it) cover the same pixels, so no column shows one without the other.
        let snapped = LayerGeometry.snapped(destination)
        var dst = SDL_FRect(
            x: Float(snapped.minX), y: Float(snapped.minY), w: Float(snapped.width), h: Float(snapped.height))
        SDL_RenderCopyExF(renderer, texture, &src, &dst, 0, nil, SDL_FLIP_NONE)
    }

    /// The image cut to a rounded rect with exact edges, as filled rounded rects are
    /// (`RoundedRectCoverage`): each solid span and each run of edge pixels is one textured quad
    /// on whole pixels, sampling the part of the source under it, at the image's alpha times
    /// the run's coverage — all in one geometry call.
    private func drawRoundedImage(
        _ texture: OpaquePointer, source: Rect, destination: Rect, radius: Double, alpha: Double
    ) {
        let opacity = UInt8(max(0, min(255, (alpha * 255).rounded())))
        let pieces = RoundedRectCoverage(
            x: destination.minX, y: destination.minY, width: destination.width, height: destination.height,
            radius: radius, alpha: opacity, within: currentClipInTargetPixels)
        var vertices: [SDL_Vertex] = []
        var indices: [Int32] = []
        vertices.reserveCapacity((pieces.solid.count + pieces.edge.count) * 4)
        indices.reserveCapacity((pieces.solid.count + pieces.edge.count) * 6)
        func quad(_ rect: ShapeTessellator.PixelRect, alpha: UInt8) {
            let first = Int32(vertices.count)
            let colour = SDL_Color(r: 255, g: 255, b: 255, a: alpha)
            for (x, y) in [
                (rect.x, rect.y), (rect.x + rect.width, rect.y), (rect.x + rect.width, rect.y + rect.height),
                (rect.x, rect.y + rect.height),
            ] {
                let u = source.minX + (Double(x) - destination.minX) / destination.width * source.width
                let v = source.minY + (Double(y) - destination.minY) / destination.height * source.height
                vertices.append(
                    SDL_Vertex(
                        position: SDL_FPoint(x: Float(x), y: Float(y)), color: colour,
                        tex_coord: SDL_FPoint(x: Float(min(max(u, 0), 1)), y: Float(min(max(v, 0), 1)))))
            }
            indices += [first, first + 1, first + 2, first, first + 2, first + 3]
        }
        for span in pieces.solid { quad(span, alpha: opacity) }
        for run in pieces.edge { quad(run.rect, alpha: run.alpha) }
        guard !indices.isEmpty else { return }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureAlphaMod(texture, 255)
        SDL_SetTextureColorMod(texture, 255, 255, 255)
        SDL_RenderGeometry(renderer, texture, vertices, Int32(vertices.count), indices, Int32(indices.count))
    }

    func releaseAll() {
        if let scratch = pictureScratch { SDL_DestroyTexture(scratch.texture) }
        pictureScratch = nil
        for copy in resampledCopies.values { SDL_DestroyTexture(copy.texture) }
        resampledCopies = [:]
        resources.releaseAll()
    }
}
