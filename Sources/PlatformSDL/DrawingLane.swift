import CSDL2
import Graphics
import Rendering

/// One renderer a frame's recorded calls are replayed on: a band of the output — SDL's software
/// renderer over rows `top ..< top + height` of the output's surface, shifted up by `top` through
/// its viewport so the calls keep the whole output's coordinates and SDL clips to the band — or
/// the output whole (the reference drawing, one thread).
final class DrawingLane: @unchecked Sendable {
    let calls: SDLDrawCalls
    let top: Int32
    let height: Int32
    /// The band's own surface over its rows of the output's pixels (nil for the whole output).
    private let bandSurface: UnsafeMutablePointer<SDL_Surface>?

    var isBand: Bool { bandSurface != nil }
    /// Whether the output is ARGB8888 (a headless surface) or XRGB8888 (a window's), the formats
    /// `BlendFill` and `opaqueFill` write; SDL fills other formats by their own rules.
    var fillsOwnPixels: Bool { hasAlphaChannel || format == SDL_PIXELFORMAT_RGB888.rawValue }
    /// Whether the output is ARGB8888.
    var hasAlphaChannel: Bool { format == SDL_PIXELFORMAT_ARGB8888.rawValue }
    private var format: UInt32 { drawSurface.pointee.format.pointee.format }
    /// The output's clip as the replay last set it (SDL keeps it while a texture is the target).
    var clip: PixelBox?
    /// The part of the output the frame redraws (`RenderExecutor.restrictOutput`); nil: all of
    /// it. Like the band's own rows it only cuts what is written: our fills, clears, lines and
    /// stretches are computed as for the whole output and then kept to it; what SDL draws
    /// (textured triangles, copies of textures we cannot read) is kept to it by SDL's clip, which
    /// samples a cut picture anew — the drawing keeps pictures wholly inside or outside it.
    var restriction: PixelBox?
    /// The output's pixels this lane may write: its rows, within the restriction.
    var writable: PixelBox? {
        let rows = PixelBox(x: 0, y: top, w: outputWidth, h: height)
        guard let restriction else { return rows }
        return Self.intersection(rows, restriction)
    }
    /// The clip SDL is given on the output: the drawing's, within the restriction.
    private var clipOnOutput: PixelBox? {
        guard let restriction else { return clip }
        guard let clip else { return restriction }
        return Self.intersection(clip, restriction) ?? PixelBox(x: restriction.x, y: restriction.y, w: 0, h: 0)
    }
    private var savedOutputClip: PixelBox?

    /// The lane's rows of the output's pixels: the band's surface, or the output's.
    let drawSurface: UnsafeMutablePointer<SDL_Surface>
    let outputWidth: Int32
    let outputHeight: Int32
    /// Where stretched pictures are sampled before they are blended (`copyStretched`), kept.
    var scratch: [UInt32] = []
    /// Set while the lane draws offscreen pictures for every lane (`SharedOffscreenReplay`): a
    /// picture to resample onto the output is read and handed here instead, and the lanes
    /// resample it together once every picture is drawn.
    var pictureDrawn: ((OpaquePointer, ResampleJob, [UInt32]) -> Void)?

    /// The whole output, `surface` drawn by `renderer` (both the backend's, not owned).
    init(whole renderer: OpaquePointer, surface: UnsafeMutablePointer<SDL_Surface>) {
        calls = SDLDrawCalls(renderer: renderer)
        top = 0
        height = surface.pointee.h
        outputWidth = surface.pointee.w
        outputHeight = surface.pointee.h
        drawSurface = surface
        bandSurface = nil
    }

    /// A band of `output`'s rows; nil when SDL cannot make its surface or renderer.
    init?(band output: UnsafeMutablePointer<SDL_Surface>, top: Int32, height: Int32) {
        let whole = output.pointee
        guard let pixels = whole.pixels, height > 0,
            let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                pixels + Int(top) * Int(whole.pitch), whole.w, height, 32, whole.pitch,
                whole.format.pointee.format)
        else { return nil }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            return nil
        }
        var viewport = SDL_Rect(x: 0, y: -top, w: whole.w, h: whole.h)
        SDL_RenderSetViewport(renderer, &viewport)
        calls = SDLDrawCalls(renderer: renderer)
        self.top = top
        self.height = height
        outputWidth = whole.w
        outputHeight = whole.h
        drawSurface = surface
        bandSurface = surface
    }

    /// Frees the band's renderer (and every texture made on it) and its surface; the whole
    /// output's renderer is the backend's to free.
    func release() {
        guard let bandSurface else { return }
        SDL_DestroyRenderer(calls.renderer)
        SDL_FreeSurface(bandSurface)
    }

    /// Plays `recorded` on this lane: `twins` gives this lane's texture for each recorded name and
    /// `pixels` a picture's readable pixels; calls aimed at the output are left out unless
    /// `drawsOutput`. `startsOnOutput` says whether the lane was aimed at the output when the
    /// calls were recorded (a replay can end on an offscreen target); the clip carries over in
    /// `clip`.
    func replay(
        _ recorded: [RecordedDrawCall], twins: (OpaquePointer) -> OpaquePointer?,
        pixels: (OpaquePointer) -> LanePixels?, drawsOutput: Bool, startsOnOutput: Bool
    ) {
        var onOutput = startsOnOutput
        for call in recorded {
            if call.draws, onOutput, !drawsOutput { continue }
            switch call {
            case .target(let name):
                // SDL keeps the output's clip while a texture is the target, and clips nothing there.
                if name != nil, onOutput { savedOutputClip = clip }
                if name == nil, !onOutput { clip = savedOutputClip }
                if name != nil { clip = nil }
                onOutput = name == nil
                calls.setTarget(name.flatMap(twins))
                // Back on the output: its clip within a restriction made while a texture was aimed at.
                if onOutput, restriction != nil { calls.setClip(clipOnOutput) }
            case .clip(let box):
                clip = box
                calls.setClip(onOutput ? clipOnOutput : box)
            case .restrict(let box):
                restriction = box
                if onOutput { calls.setClip(clipOnOutput) }
            case .clear(let color):
                if onOutput, fillsOwnPixels {
                    opaqueFill(nil, color: color)
                } else if onOutput, let restriction {
                    // SDL clears the whole target whatever its clip: a restricted clear is a fill.
                    calls.setClip(restriction)
                    calls.fill([restriction], color: color, blend: .replace)
                    calls.setClip(clipOnOutput)
                } else {
                    calls.clear(color)
                }
            case .fill(let boxes, let color, let blend):
                fill(boxes, color: color, blend: blend, onOutput: onOutput)
            case .copy(let name, let source, let destination, let paint):
                if onOutput, let readable = pixels(name),
                    copyStretched(readable, source: source, destination: destination, paint: paint, clip: clip)
                {
                    continue
                }
                guard let texture = twins(name) else { continue }
                calls.copy(texture, source: source, destination: destination, paint: paint)
            case .straighten(let name, let box):
                guard !onOutput, let twin = twins(name), var pixels = calls.readPixels(box),
                    StraightAlpha.straighten(&pixels)
                else { continue }
                calls.writePixels(pixels, into: twin, rect: box)
            case .resample(let name, let job):
                guard !onOutput, let twin = twins(name) else { continue }
                if job.landsOnOutput, let pictureDrawn,
                    let picture = calls.readPixels(
                        PixelBox(x: 0, y: 0, w: job.pictureSize.w, h: job.pictureSize.h))
                {
                    pictureDrawn(name, job, picture)
                    continue
                }
                resample(into: twin, job)
            case .fillSheared(let area, let color, let blend):
                fillSheared(area, color: color, blend: blend, onOutput: onOutput)
            case .copySheared(let name, let texelOrigin, let area, let paint):
                guard let texture = twins(name) else { continue }
                copySheared(texture, texelOrigin: texelOrigin, onto: area, paint: paint, onOutput: onOutput)
            case .triangles(let vertices, let indices, let name, let paint):
                let texture = name.flatMap(twins)
                if name != nil, texture == nil { continue }
                indices.withUnsafeBufferPointer {
                    calls.drawTriangles(vertices, indices: $0, texture: texture, paint: paint)
                }
            }
        }
    }
}
