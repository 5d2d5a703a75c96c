import Graphics

/// Everything the renderer keeps between frames, in one place: text textures, picture textures,
/// rasterized layers (shown and retired) and the offscreen targets of groups. One byte budget
/// covers what they keep beyond what recent frames drew: after each frame, before a layer or
/// text texture is made and before a picture is decoded from its PNG, what no recent frame drew
/// goes — the biggest first — until it fits. (What the frames draw always stays, and the pictures
/// of the last second: memory is what the screen needs plus at most the budget.) One content epoch says when something drawn may
/// look different although the display list did not change (a picture arrived, was evicted, or
/// every texture was let go): rasterized layers drawn while a picture was missing are redrawn
/// when it moves, and the redraw gate draws.
@MainActor
package final class RenderResources {
    let text: TextTextureCache
    let pictures: PictureTextures

    /// Rasterized layers and transformed pictures' copies shown lately, and spare copies' textures.
    var layers: [LayerKey: CachedLayer] = [:]
    /// Rasterized layers no view shows now, oldest first: reused by content, else by size.
    var retiredLayers: [CachedLayer] = []
    static let maximumRetiredLayers = 6

    /// An offscreen target a group is drawn into, kept for the next group that fits.
    struct GroupTarget {
        var texture: ExecutorTexture
        var width: Int32
        var height: Int32
        var inUse: Bool
        var lastUsedFrame: Int
        package var bytes: Int { Int(width) * Int(height) * 4 }
    }
    var groupTargets: [GroupTarget] = []
    static let maximumGroupTargets = 4

    /// Bytes that may be kept of what no recent frame drew (follows the window's size).
    package var byteBudget: Int
    /// Bumped whenever drawn content may change without the display list changing.
    package private(set) var contentEpoch = 0
    private(set) var frame = 0
    /// Layer and group textures made since start (text and pictures count their own).
    var texturesMade = 0

    /// Frames a texture counts as in use after it was last drawn: never evicted then.
    static let protectedFrames = 2
    /// Frames a picture counts as in use after it was last drawn (a second). Bringing a picture
    /// back is a decode and an upload, and one drawn that lately is likely drawn again: a room's
    /// picture (6.5 MB at 1280×800) is drawn afresh into its inspector slab whenever the slab
    /// changes size, every few frames of an opening, and with two frames the budget took it
    /// between them (up to four decodes a pass).
    static let protectedPictureFrames = 60
    /// A sheared picture's copy undrawn this long (two seconds) is a spare: its slab's view is
    /// gone, not only hidden for a moment behind another slab.
    static let spareAfterFrames = 120

    /// The budget for a window of `pixels` device pixels: two window-sized textures' worth of
    /// layers and pictures beyond what is on screen (a panel scrolled away comes back without
    /// being drawn or decoded again), never under 8 MB. More buys no fewer textures in the
    /// benchmark's flings (their few come from reused cells drawing other rooms) and costs
    /// memory.
    package static func byteBudget(forWindowPixels pixels: Int) -> Int {
        max(8 << 20, pixels * 4 * 2)
    }

    let executor: any RenderExecutor

    init(executor: any RenderExecutor, pictures source: any PictureSource, byteBudget: Int) {
        self.executor = executor
        self.byteBudget = byteBudget
        text = TextTextureCache(executor: executor)
        pictures = PictureTextures(executor: executor, assets: source)
        text.makeRoom = { [unowned self] in makeRoom(for: $0) }
        pictures.makeRoom = { [unowned self] in makeRoom(for: $0) }
        pictures.availabilityChanged = { [unowned self] in contentEpoch += 1 }
    }

    var layerBytes: Int {
        layers.values.reduce(0) { $0 + $1.bytes } + retiredLayers.reduce(0) { $0 + $1.bytes }
    }

    /// Bytes of every texture kept now.
    package var bytes: Int {
        text.bytes + pictures.residentBytes + layerBytes + groupTargets.reduce(0) { $0 + $1.bytes }
    }

    /// Bytes of what no frame of the last `protectedFrames` drew: what the budget may take.
    package var idleBytes: Int {
        let newest = frame - Self.protectedFrames
        return text.bytes(usedBefore: newest) + pictures.bytes(usedBefore: frame - Self.protectedPictureFrames)
            + retiredLayers.filter { $0.lastUsedFrame < newest }.reduce(0) { $0 + $1.bytes }
            + groupTargets.filter { !$0.inUse && $0.lastUsedFrame < newest }.reduce(0) { $0 + $1.bytes }
            + layers.values.filter { $0.shownPart != nil && $0.lastUsedFrame < frame - Self.spareAfterFrames }
            .reduce(0) { $0 + $1.bytes }
    }

    var liveTextureCount: Int {
        text.count + pictures.count + layers.count + retiredLayers.count + groupTargets.count
    }

    var texturesCreated: Int { texturesMade + text.creations + pictures.texturesMade }

    func beginFrame() {
        frame += 1
        pictures.beginFrame()
        text.beginFrame()
    }

    func endFrame() {
        pictures.endFrame()
        text.endFrame()
        retireIdleLayers()
        makeRoom(for: 0)
    }

    /// Lets go of what no recent frame drew until it and `incoming` more bytes fit the budget (or
    /// nothing more may go), the biggest first: each texture let go costs one texture made again
    /// if it is shown later, so the one that frees the most goes first — a room's picture (the
    /// cheapest to lose besides: a panel's layer already holds it drawn, and the disk cache brings
    /// it back in milliseconds) before a retired layer (drawn content that brings a panel back
    /// without drawing it or its picture again), a layer before a gallery thumbnail, text (a few
    /// kilobytes, which a layer drawn again needs) last; among equals, the least recently drawn.
    func makeRoom(for incoming: Int) {
        var idle = idleBytes
        while idle + incoming > byteBudget, let freed = evictBiggestIdle() {
            idle -= freed
        }
    }

    /// Evicts one idle texture (see `makeRoom`); its bytes, or nil when everything kept was drawn
    /// within `protectedFrames`.
    private func evictBiggestIdle() -> Int? {
        let newest = frame - Self.protectedFrames
        var candidates: [(bytes: Int, frame: Int, evict: () -> Int)] = []
        // Retired layers are kept oldest first; the one retired longest ago of the biggest size.
        if let oldest = retiredLayers.filter({ $0.lastUsedFrame < newest }).max(by: {
            ($0.bytes, -$0.lastUsedFrame) < ($1.bytes, -$1.lastUsedFrame)
        }), let index = retiredLayers.firstIndex(where: { $0.texture == oldest.texture }) {
            candidates.append(
                (
                    oldest.bytes, oldest.lastUsedFrame,
                    { [unowned self] in
                        let layer = retiredLayers.remove(at: index)
                        executor.destroy(layer.texture)
                        return layer.bytes
                    }
                ))
        }
        if let idle = text.evictionCandidate(before: newest) {
            candidates.append((idle.bytes, idle.frame, { [unowned self] in text.release(idle.key) }))
        }
        if let idle = pictures.evictionCandidate(before: frame - Self.protectedPictureFrames) {
            candidates.append((idle.bytes, idle.frame, { [unowned self] in pictures.evict(idle.name) }))
        }
        if let index = groupTargets.indices.filter({
            !groupTargets[$0].inUse && groupTargets[$0].lastUsedFrame < newest
        })
        .min(by: { groupTargets[$0].lastUsedFrame < groupTargets[$1].lastUsedFrame }) {
            candidates.append(
                (
                    groupTargets[index].bytes, groupTargets[index].lastUsedFrame,
                    { [unowned self] in
                        let target = groupTargets.remove(at: index)
                        executor.destroy(target.texture)
                        return target.bytes
                    }
                ))
        }
        // A sheared picture's copy no frame drew lately (an inspector slab of a view gone or
        // hidden): kept as a spare for the next slab of about its size until the budget needs it.
        if let (id, idle) = layers.filter({
            $0.value.shownPart != nil && $0.value.lastUsedFrame < frame - Self.spareAfterFrames
        })
        .max(by: { ($0.value.bytes, -$0.value.lastUsedFrame) < ($1.value.bytes, -$1.value.lastUsedFrame) }) {
            candidates.append(
                (
                    idle.bytes, idle.lastUsedFrame,
                    { [unowned self] in
                        layers[id] = nil
                        executor.destroy(idle.texture)
                        return idle.bytes
                    }
                ))
        }
        return candidates.min { (-$0.bytes, $0.frame) < (-$1.bytes, $1.frame) }?.evict()
    }

    /// Whether the budget has room for one more texture of `bytes` besides what is idle, and the
    /// retired layers for one more: else a retired layer's texture is taken for new content.
    func hasRoom(forAnother bytes: Int) -> Bool {
        idleBytes + bytes <= byteBudget && retiredLayers.count < Self.maximumRetiredLayers
    }

    /// Takes the oldest retired layer that `fits` out of the retired ones (its content is lost).
    func takeRetiredTexture(where fits: (CachedLayer) -> Bool) -> CachedLayer? {
        retiredLayers.firstIndex(where: fits).map { retiredLayers.remove(at: $0) }
    }

    /// Takes the snuggest spare copy that `fits` (undrawn for `spareAfterFrames`), the same one on
    /// every run (a dictionary's order is not: ties go by key).
    func takeSpare(where fits: (CachedLayer) -> Bool) -> CachedLayer? {
        let idleBefore = frame - Self.spareAfterFrames
        func area(_ layer: CachedLayer) -> Int { Int(layer.textureWidth) * Int(layer.textureHeight) }
        let spares = layers.filter { _, layer in
            layer.shownPart != nil && layer.lastUsedFrame < idleBefore && fits(layer)
        }
        guard let (key, spare) = spares.min(by: { (area($0.value), $0.key) < (area($1.value), $1.key) }) else {
            return nil
        }
        layers[key] = nil
        return spare
    }

    /// Layers no view has shown for two seconds are retired: kept with their content for a view
    /// showing the same again (a panel scrolling back in), else their texture for the next layer
    /// of that size, so a steady scroll makes no textures; only a few are kept.
    /// Spares kept so far: each spare's own key.
    private var sparesKept = 0

    /// Keeps a sheared copy's texture, outgrown by its slab, for another slab: idle from now, so
    /// the budget may let it go like any spare.
    func keepAsSpare(_ copy: CachedLayer) {
        var spare = copy
        spare.lastUsedFrame = Int.min / 4
        spare.commands = []
        // The newest spare first among equals, as the snuggest-spare search breaks ties by key.
        sparesKept += 1
        layers[.spare(-sparesKept)] = spare
    }

    private func retireIdleLayers() {
        guard frame % 60 == 0 else { return }
        for (id, layer) in layers where frame - layer.lastUsedFrame > 120 && layer.shownPart == nil {
            retiredLayers.append(layer)
            layers[id] = nil
        }

        trimRetiredLayers()
    }

    func trimRetiredLayers() {
        while retiredLayers.count > Self.maximumRetiredLayers {
            executor.destroy(retiredLayers.removeFirst().texture)
        }
    }

    func releaseAll() {
        for retired in retiredLayers { executor.destroy(retired.texture) }
        retiredLayers = []
        for layer in layers.values { executor.destroy(layer.texture) }
        layers = [:]
        pictures.releaseAll()
        for target in groupTargets { executor.destroy(target.texture) }
        groupTargets = []
        text.releaseAll()
        contentEpoch += 1
    }
}
