import Graphics

/// What the display list drawing asks of a graphics library: make and let go of textures, aim
/// at one, clip, clear, fill, copy, draw triangles and a line, read and write pixels, and four
/// calls an executor may do its own way but need not (each has a default made of the others):
/// a sheared rect filled or copied, an offscreen target straightened, a picture resampled. It decides
/// nothing — which blend, which texture, what to keep, what is worth doing are all the drawing's
/// (`DisplayListRenderer`, its passes and its policies) — so another library (or a test's
/// recorder) is one small conformer. `PlatformSDL` implements it with SDL_Renderer.
@MainActor
package protocol RenderExecutor: AnyObject {
    /// What the library is and can do: the cost model, premultiplied blending, alpha-less targets.
    var capabilities: ExecutorCapabilities { get }

    /// A texture to draw into, `width` × `height` pixels; without an alpha channel when
    /// `hasAlpha` is false and `capabilities.offersAlphaLessTargets`. Nil when the library
    /// cannot make it.
    func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> ExecutorTexture?
    /// A texture for images (straight colour, RGBA) to be copied from, `width` × `height` pixels.
    func makeImageTexture(width: Int32, height: Int32) -> ExecutorTexture?
    /// Writes `image` at the top-left corner of a texture `makeImageTexture` made (at least as large).
    func replacePixels(of texture: ExecutorTexture, with image: PixelImage)
    /// Whether any font could be opened (else text is drawn as placeholder bars).
    var hasFonts: Bool { get }
    /// A texture holding `text` in white, at `pixelScale` pixels per point, tinted when copied;
    /// nil when there are no fonts or the text cannot be drawn.
    func makeTextTexture(_ text: String, font: Font, pixelScale: Double) -> SizedTexture?
    func destroy(_ texture: ExecutorTexture)

    /// Aims what follows at `texture`, or at the output when nil.
    func setTarget(_ texture: ExecutorTexture?)
    /// Limits what follows to `rect` of the target (nil: the whole target).
    func setClip(_ rect: PixelBox?)
    /// Sets every pixel of the target to `color`, whatever the clip.
    func clear(_ color: RGBA8)
    /// Fills `rects` with `color`, replacing what is there or blended over it.
    func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend)
    /// Copies `source` of `texture` (nil: all of it) onto `destination` of the target.
    func copy(_ texture: ExecutorTexture, source: PixelBox?, destination: FloatBox, paint: TexturePaint)
    /// Triangles: `indices` into `vertices`, each vertex coloured (and textured by `texture`).
    func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: ExecutorTexture?,
        paint: TexturePaint)
    /// Fills the sheared rect `area` (a turned slab or its outline) with `color`.
    func fillSheared(_ area: ShearedPixels, color: RGBA8, blend: ExecutorBlend)
    /// Copies `texture` onto the sheared rect `area` texel for pixel: its column at
    /// `texelOrigin.x` onto the area's first column, each column's texels from row
    /// `texelOrigin.y` moved down by the column's offset.
    func copySheared(_ texture: ExecutorTexture, texelOrigin: PixelPoint, onto area: ShearedPixels, paint: TexturePaint)
    /// A one-pixel line, unblended.
    func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8)

    /// The target's pixels in `rect`, each 0xAARRGGBB; nil when they cannot be read.
    func readPixels(_ rect: PixelBox) -> [UInt32]?
    /// Replaces `rect` of `texture` with `pixels` (0xAARRGGBB, row after row).
    func writePixels(_ pixels: [UInt32], into texture: ExecutorTexture, rect: PixelBox)
    /// Turns `box` of `texture` — the current target, drawn from transparent with ordinary
    /// blending, so holding colour multiplied by its alpha — into straight colour
    /// (`StraightAlpha`), for an executor that cannot composite premultiplied colour.
    func straightenAlpha(_ box: PixelBox, of texture: ExecutorTexture)
    /// Carries the current target — a picture drawn upright, `job.pictureSize` — onto `texture`
    /// (an image texture, at its top-left corner) as `job` says (`AffineResampling`).
    func resample(into texture: ExecutorTexture, _ job: ResampleJob)
    /// Leaves the output's pixels outside `box` as they are until called with nil: what follows
    /// aimed at the output (a clear too) writes only within it, and within it the pixels it
    /// writes when the output is whole — a clip would not do, as a clip changes how a stretched
    /// picture is sampled. Only where `capabilities.restrictsOutputExactly`, and there exact for
    /// what the box holds whole and for fills, clears, lines and shadows it cuts; a picture it
    /// cuts may be sampled anew, so the drawing never lets it cut one (`FrameDamage.grown`).
    func restrictOutput(to box: PixelBox?)
    /// Says `texture` is a scratch: drawn afresh before each use and read only by the drawing
    /// that follows, so its pixels need not be the same everywhere — an executor drawing on
    /// several threads may let each keep its own (`OffscreenSchedule`).
    func markScratch(_ texture: ExecutorTexture)
}

extension RenderExecutor {
    /// Nothing to do where one thread draws.
    package func markScratch(_ texture: ExecutorTexture) {}

    /// An executor that cannot restrict its output exactly ignores it (and says so).
    package func restrictOutput(to box: PixelBox?) {}

    /// Read back, straightened and written again.
    package func straightenAlpha(_ box: PixelBox, of texture: ExecutorTexture) {
        guard var pixels = readPixels(box), StraightAlpha.straighten(&pixels) else { return }
        writePixels(pixels, into: texture, rect: box)
    }

    /// Read back, resampled and written to the texture.
    package func resample(into texture: ExecutorTexture, _ job: ResampleJob) {
        guard let picture = readPixels(PixelBox(x: 0, y: 0, w: job.pictureSize.w, h: job.pictureSize.h)),
            let image = job.image(of: picture)
        else { return }
        replacePixels(of: texture, with: image)
    }

    /// The sheared rect as rectangles of whole rows, filled in one call.
    package func fillSheared(_ area: ShearedPixels, color: RGBA8, blend: ExecutorBlend) {
        let boxes = area.rowRuns().map(PixelBox.init(run:))
        guard !boxes.isEmpty else { return }
        fill(boxes, color: color, blend: blend)
    }

    /// The sheared rect as one plain copy per strip (texel for pixel: exact, and on SDL's
    /// software renderer as cheap as copying gets).
    package func copySheared(
        _ texture: ExecutorTexture, texelOrigin: PixelPoint, onto area: ShearedPixels, paint: TexturePaint
    ) {
        guard !area.isEmpty else { return }
        for strip in area.strips {
            let (texels, target) = area.copy(of: strip, texelOrigin: texelOrigin)
            copy(texture, source: texels, destination: target, paint: paint)
        }
    }
}

extension ShearedPixels {
    /// One strip of a sheared copy (`RenderExecutor.copySheared`): the texels it takes and where
    /// they land, texel for pixel.
    package func copy(of strip: ShearedStrips.Strip, texelOrigin: PixelPoint) -> (PixelBox, FloatBox) {
        let texels = PixelBox(
            x: texelOrigin.x + Int32(strip.columns.lowerBound - columns.lowerBound), y: texelOrigin.y,
            w: Int32(strip.columns.count), h: Int32(rows.count))
        let target = FloatBox(
            x: Float(strip.columns.lowerBound), y: Float(rows.lowerBound + strip.offset), w: Float(strip.columns.count),
            h: Float(rows.count))
        return (texels, target)
    }
}

/// A pixel's column and row.
package struct PixelPoint: Equatable, Sendable {
    package var x: Int32
    package var y: Int32
    package init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }
}

/// What a graphics library is and offers (asked once).
package struct ExecutorCapabilities: Equatable, Sendable {
    /// SDL's software renderer (one core's pixels): the cost model of `RenderCostModel.softwareRenderer`.
    package var isSoftware: Bool
    /// Whether it composites premultiplied colour (a custom blend mode); else offscreen targets
    /// are straightened before they are composited.
    package var composesPremultiplied: Bool
    /// Whether it offers a 32-bit texture format without alpha for targets.
    package var offersAlphaLessTargets: Bool
    /// The largest side (pixels) of textured triangles it draws safely: a rounded picture larger
    /// than this is drawn square (SDL 2.26's geometry can crash on large textured triangles).
    package var largestTexturedTriangles: Double
    /// The most bytes one texture may hold (SDL's software renderer addresses a texture's bytes
    /// with 32-bit offsets: one past them corrupts memory).
    package var largestTextureBytes: Int
    /// Whether `restrictOutput` draws within the box what the whole output would hold there, for
    /// every drawing the box holds whole and every fill it cuts (the frame drawn only where it
    /// changed relies on it).
    package var restrictsOutputExactly: Bool

    package init(
        isSoftware: Bool, composesPremultiplied: Bool, offersAlphaLessTargets: Bool,
        largestTexturedTriangles: Double = .infinity, largestTextureBytes: Int = Int(Int32.max),
        restrictsOutputExactly: Bool = false
    ) {
        self.restrictsOutputExactly = restrictsOutputExactly
        self.isSoftware = isSoftware
        self.composesPremultiplied = composesPremultiplied
        self.offersAlphaLessTargets = offersAlphaLessTargets
        self.largestTexturedTriangles = largestTexturedTriangles
        self.largestTextureBytes = largestTextureBytes
    }
}

/// A texture an executor made: the drawing passes it back and never looks inside.
package struct ExecutorTexture: Hashable {
    package let pointer: OpaquePointer
    package init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// A texture and the pixels its content fills.
package struct SizedTexture {
    package var texture: ExecutorTexture
    package var width: Int32
    package var height: Int32
    package init(texture: ExecutorTexture, width: Int32, height: Int32) {
        self.texture = texture
        self.width = width
        self.height = height
    }
    /// Its pixels (which of two textures holds less).
    package var area: Int { Int(width) * Int(height) }
}

/// Whole pixels of a target or texture (laid out as SDL_Rect and most libraries' rects).
package struct PixelBox: Equatable {
    package var x: Int32
    package var y: Int32
    package var w: Int32
    package var h: Int32
    package init(x: Int32, y: Int32, w: Int32, h: Int32) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }
    /// A run of a sheared rect (`ShearedRowRuns`).
    package init(run: ShearedRowRuns.Run) {
        self.init(
            x: Int32(run.columns.lowerBound), y: Int32(run.rows.lowerBound), w: Int32(run.columns.count),
            h: Int32(run.rows.count))
    }
    init(_ rect: ShapeTessellator.PixelRect) {
        self.init(
            x: Int32(clamping: rect.x), y: Int32(clamping: rect.y), w: Int32(clamping: rect.width),
            h: Int32(clamping: rect.height))
    }
}

/// A destination in (possibly fractional) pixels.
package struct FloatBox: Equatable {
    package var x: Float
    package var y: Float
    package var w: Float
    package var h: Float
    package init(x: Float, y: Float, w: Float, h: Float) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
    }
}

/// A colour as four bytes.
package struct RGBA8: Equatable {
    package var r: UInt8
    package var g: UInt8
    package var b: UInt8
    package var a: UInt8
    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    package init(_ color: Color) {
        let c = color.rgba8
        self.init(r: c.0, g: c.1, b: c.2, a: c.3)
    }
    package func with(alpha: UInt8) -> RGBA8 { RGBA8(r: r, g: g, b: b, a: alpha) }
}

/// How drawn pixels meet those already there.
package enum ExecutorBlend: Equatable {
    /// Replaces them (an opaque drawing, or a copy taken as it is).
    case replace
    /// Source-over with straight colour.
    case blend
    /// Source-over with colour already multiplied by alpha (only where `composesPremultiplied`).
    case premultiplied
}

/// How a texture is sampled when stretched.
package enum TextureSampling: Equatable {
    case nearest
    case linear
}

/// How a texture is copied or a mesh drawn: its blend, a tint its colour is multiplied by, its
/// opacity, and how it is sampled.
package struct TexturePaint: Equatable {
    package var blend: ExecutorBlend
    package var tint: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255)
    package var alpha: UInt8 = 255
    package var sampling: TextureSampling = .nearest

    package init(
        blend: ExecutorBlend, tint: (r: UInt8, g: UInt8, b: UInt8) = (255, 255, 255), alpha: UInt8 = 255,
        sampling: TextureSampling = .nearest
    ) {
        self.blend = blend
        self.tint = tint
        self.alpha = alpha
        self.sampling = sampling
    }

    package static func == (lhs: TexturePaint, rhs: TexturePaint) -> Bool {
        lhs.blend == rhs.blend && lhs.tint == rhs.tint && lhs.alpha == rhs.alpha && lhs.sampling == rhs.sampling
    }
}

/// A triangle corner: where, its colour, where it samples the texture (laid out as SDL_Vertex).
package struct ExecutorVertex {
    package var x: Float
    package var y: Float
    package var color: RGBA8
    package var u: Float
    package var v: Float
    package init(x: Float, y: Float, color: RGBA8, u: Float = 0, v: Float = 0) {
        self.x = x
        self.y = y
        self.color = color
        self.u = u
        self.v = v
    }
}
