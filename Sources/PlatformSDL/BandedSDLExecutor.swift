import CSDL2
import Dispatch
import Graphics
import Rendering

/// The render executor on SDL's software renderer with the output cut into horizontal bands,
/// one per core: each band is a software renderer of its own over its rows of the one output
/// surface. The drawing's calls are recorded as they come and replayed on every band at once
/// when the frame ends or something must be read or changed (`flush`); SDL clips each band's
/// replay to its rows, so the bands together draw the frame on as many threads as there are
/// bands. SDL's textures belong to one renderer: every texture has a twin on each band, made and
/// written together. An offscreen target is never cut: it is drawn whole by one band and handed
/// to the others' twins (`OffscreenSchedule`), or, where that cannot be, drawn whole by every band.
///
/// Drawn without `.parallelBands` (the reference, and the render check's comparison), the same
/// calls replay on one renderer over the whole output, on one thread; its textures are made from
/// then on beside the bands' (`addWholeLane`), so the two drawings can alternate frame by frame.
@MainActor
final class BandedSDLExecutor: RenderExecutor, SDLTextureMaking {
    let fonts: FontLibrary
    let capabilities: ExecutorCapabilities
    /// The bands, top to bottom, then the whole output once it has drawn.
    private(set) var lanes: [DrawingLane]
    private let whole: DrawingLane
    /// Each texture's twin on every lane, named by its first band's texture.
    private var twins: [OpaquePointer: [OpaquePointer?]] = [:]
    /// A picture's pixels on every lane, where they can be read in place (`LanePixels`).
    private var readable: [OpaquePointer: [LanePixels?]] = [:]
    private var recorded: [RecordedDrawCall] = []
    /// Textures the drawing draws afresh before each use (`markScratch`): each lane keeps its own.
    private var scratchTextures: Set<OpaquePointer> = []
    /// Flushes drawn as `OffscreenSchedule` shared them (tests read it).
    private(set) var sharedFlushes = 0
    /// Textures let go while calls that use them wait to be replayed.
    private var destroyAfterReplay: [OpaquePointer] = []
    /// The output's calls go to the bands (true) or to the whole output's lane.
    var drawsInBands = true
    private var target: OpaquePointer?
    /// The target the lanes were aimed at when the last replay ended (where the next one starts).
    private var targetAtLastReplay: OpaquePointer?

    /// How many threads draw the output.
    var bandCount: Int { lanes.count(where: \.isBand) }
    var hasWholeLane: Bool { lanes.contains { $0 === whole } }

    /// Bands over `surface` drawn by `renderer` (the whole output's renderer, kept for the
    /// reference drawing and reading back); nil when fewer than two bands could be made.
    init?(surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer, bands: Int, fonts: FontLibrary) {
        let height = surface.pointee.h
        let count = min(bands, Int(height) / 8)
        guard count >= 2 else { return nil }
        var made: [DrawingLane] = []
        for index in 0..<count {
            let top = Int32(Int(height) * index / count)
            let bottom = Int32(Int(height) * (index + 1) / count)
            guard let lane = DrawingLane(band: surface, top: top, height: bottom - top) else {
                for lane in made { lane.release() }
                return nil
            }
            made.append(lane)
        }
        lanes = made
        whole = DrawingLane(whole: renderer, surface: surface)
        self.fonts = fonts
        var capabilities = SDLExecutor.capabilities(of: made[0].calls)
        // A lane already draws its rows exactly as the whole output; a restriction is rows and
        // columns more of the same (`DrawingLane.restriction`).
        capabilities.restrictsOutputExactly = true
        self.capabilities = capabilities
    }

    /// The whole output draws from now on too: every texture made after this has a twin there.
    /// Call with no texture alive (the backend lets the drawing's textures go first).
    func addWholeLane() {
        guard !hasWholeLane else { return }
        flush()
        lanes.append(whole)
    }

    var hasFonts: Bool { fonts.hasFonts }

    // MARK: Textures, on every lane at once

    private func make(_ making: (SDLDrawCalls) -> OpaquePointer?) -> ExecutorTexture? {
        var made: [OpaquePointer?] = []
        for lane in lanes {
            guard let texture = making(lane.calls) else {
                for texture in made.compactMap({ $0 }) { SDL_DestroyTexture(texture) }
                return nil
            }
            made.append(texture)
        }
        guard let name = made[0] else { return nil }
        twins[name] = made
        return ExecutorTexture(name)
    }

    func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> ExecutorTexture? {
        make { $0.makeTarget(width: width, height: height, hasAlpha: hasAlpha) }
    }

    func makeImageTexture(width: Int32, height: Int32) -> ExecutorTexture? {
        make { $0.makeImageTexture(width: width, height: height) }
    }

    /// A picture: on every lane a streaming texture of the picture's own format where it is one
    /// of four bytes a pixel (as SDL would choose), so that a lane can read it to stretch it
    /// (`DrawingLane.copyStretched`); else as SDL makes it.
    func makeTexture(from surface: UnsafeMutablePointer<SDL_Surface>) -> ExecutorTexture? {
        let picture = surface.pointee
        let format = picture.format.pointee.format
        guard LanePixels.isFourBytes(format), let source = picture.pixels else {
            return make { SDL_CreateTextureFromSurface($0.renderer, surface) }
        }
        let made = make { calls in
            guard
                let texture = SDL_CreateTexture(
                    calls.renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), picture.w, picture.h)
            else { return nil }
            SDL_UpdateTexture(texture, nil, source, picture.pitch)
            if format != SDL_PIXELFORMAT_RGB888.rawValue { SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND) }
            return texture
        }
        if let made, let lanesTextures = twins[made.pointer] {
            readable[made.pointer] = lanesTextures.map { $0.flatMap(LanePixels.init(of:)) }
        }
        return made
    }

    func makeTextTexture(_ text: String, font: Font, pixelScale: Double) -> SizedTexture? {
        guard let surface = fonts.render(text, font: font, pixelScale: pixelScale) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = makeTexture(from: surface) else { return nil }
        return SizedTexture(texture: texture, width: surface.pointee.w, height: surface.pointee.h)
    }

    func replacePixels(of texture: ExecutorTexture, with image: PixelImage) {
        flush()
        for (index, twin) in (twins[texture.pointer] ?? []).enumerated() {
            if let twin { lanes[index].calls.replacePixels(of: twin, with: image) }
        }
    }

    /// Recorded: each lane straightens its own twin on its own thread, in order with what it
    /// draws (reading it back here waited for every lane, once for each picture a frame drew).
    func straightenAlpha(_ box: PixelBox, of texture: ExecutorTexture) {
        recorded.append(.straighten(texture.pointer, box: box))
    }

    /// Recorded: each lane reads its own twin of the picture and resamples, on its own thread,
    /// only the copy's rows that land on its band.
    func resample(into texture: ExecutorTexture, _ job: ResampleJob) {
        recorded.append(.resample(texture.pointer, job))
    }

    func writePixels(_ pixels: [UInt32], into texture: ExecutorTexture, rect: PixelBox) {
        flush()
        for (index, twin) in (twins[texture.pointer] ?? []).enumerated() {
            if let twin { lanes[index].calls.writePixels(pixels, into: twin, rect: rect) }
        }
    }

    func destroy(_ texture: ExecutorTexture) {
        if recorded.isEmpty {
            destroyTwins(of: texture.pointer)
        } else {
            destroyAfterReplay.append(texture.pointer)
        }
    }

    func markScratch(_ texture: ExecutorTexture) { scratchTextures.insert(texture.pointer) }

    private func destroyTwins(of name: OpaquePointer) {
        readable[name] = nil
        // SDL may hand the same address to a texture made later.
        scratchTextures.remove(name)
        for twin in twins.removeValue(forKey: name) ?? [] { if let twin { SDL_DestroyTexture(twin) } }
    }

    // MARK: Drawing, recorded

    func setTarget(_ texture: ExecutorTexture?) {
        target = texture?.pointer
        recorded.append(.target(texture?.pointer))
    }

    func setClip(_ rect: PixelBox?) { recorded.append(.clip(rect)) }
    func restrictOutput(to box: PixelBox?) { recorded.append(.restrict(box)) }
    func clear(_ color: RGBA8) { recorded.append(.clear(color)) }

    func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) {
        recorded.append(.fill(rects, color: color, blend: blend))
    }

    func copy(_ texture: ExecutorTexture, source: PixelBox?, destination: FloatBox, paint: TexturePaint) {
        recorded.append(.copy(texture.pointer, source: source, destination: destination, paint: paint))
    }

    /// Recorded whole: each band works out the runs of its own rows (`DrawingLane`).
    func fillSheared(_ area: ShearedPixels, color: RGBA8, blend: ExecutorBlend) {
        guard !area.isEmpty else { return }
        recorded.append(.fillSheared(area, color: color, blend: blend))
    }

    /// Recorded whole: each band copies only the strips that reach its rows.
    func copySheared(
        _ texture: ExecutorTexture, texelOrigin: PixelPoint, onto area: ShearedPixels, paint: TexturePaint
    ) {
        guard !area.isEmpty else { return }
        recorded.append(.copySheared(texture.pointer, texelOrigin: texelOrigin, area: area, paint: paint))
    }

    func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: ExecutorTexture?,
        paint: TexturePaint
    ) {
        recorded.append(.triangles(vertices, indices: Array(indices), texture: texture?.pointer, paint: paint))
    }

    /// Recorded as the spans of its pixels (`LineSpans`), unblended as SDL draws a line, so
    /// that bands draw the line one thread draws.
    func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8) {
        recorded.append(.fill(LineSpans.spans(from: start, to: end), color: color, blend: .replace))
    }

    /// Read from the target after every call before it has drawn: an offscreen target from the
    /// first lane (all hold the same), the output from the whole surface.
    func readPixels(_ rect: PixelBox) -> [UInt32]? {
        flush()
        guard target != nil else { return whole.calls.readPixels(rect) }
        return lanes[0].calls.readPixels(rect)
    }

    // MARK: Replay

    /// Plays every recorded call on every lane, one thread each, and waits for all of them; in
    /// bands, each offscreen picture drawn by one lane and handed to the others where it can be
    /// (`OffscreenSchedule`).
    func flush() {
        guard !recorded.isEmpty else { return }
        let startsOnOutput = targetAtLastReplay == nil
        let schedule =
            drawsInBands
            ? OffscreenSchedule(calls: recorded, scratchTextures: scratchTextures, startsOnOutput: startsOnOutput)
            : nil
        let replay = LaneReplay(
            calls: recorded, lanes: lanes, twins: twins, readable: readable, drawsInBands: drawsInBands,
            startsOnOutput: startsOnOutput)
        recorded.removeAll(keepingCapacity: true)
        targetAtLastReplay = target
        if let schedule {
            sharedFlushes += 1
            SharedOffscreenReplay(schedule, lanes: lanes, twins: twins, readable: readable, drawsInBands: drawsInBands)
                .run()
        } else if replay.lanes.count == 1 {
            replay.run(lane: 0)
        } else {
            DispatchQueue.concurrentPerform(iterations: replay.lanes.count) { replay.run(lane: $0) }
        }
        for name in destroyAfterReplay { destroyTwins(of: name) }
        destroyAfterReplay.removeAll()
    }

    /// Lets every band's renderer go (the drawing let its textures go first).
    func releaseBands() {
        flush()
        for twin in twins.values.flatMap({ $0 }) { if let twin { SDL_DestroyTexture(twin) } }
        twins = [:]
        readable = [:]
        for lane in lanes { lane.release() }
        lanes = []
    }
}

/// A frame's calls and what replaying them needs, handed to one thread per lane: each thread
/// touches only its own lane's renderer and textures, and the main thread waits for all of them.
private struct LaneReplay: @unchecked Sendable {
    let calls: [RecordedDrawCall]
    let lanes: [DrawingLane]
    let twins: [OpaquePointer: [OpaquePointer?]]
    let readable: [OpaquePointer: [LanePixels?]]
    let drawsInBands: Bool
    let startsOnOutput: Bool

    func run(lane index: Int) {
        let lane = lanes[index]
        lane.replay(
            calls, twins: { name in twins[name].flatMap { index < $0.count ? $0[index] : nil } },
            pixels: { name in readable[name].flatMap { index < $0.count ? $0[index] : nil } },
            drawsOutput: lane.isBand == drawsInBands, startsOnOutput: startsOnOutput)
    }
}
