import Graphics

/// Everything the renderer keeps between frames, in one place: text textures, picture textures,
/// rasterized layers (shown and retired), transformed pictures' copies and the offscreen targets
/// of groups. It owns them; what to keep and what goes first is `KeepPolicy`'s (pure, tested):
/// after each frame, before a texture is made and before a picture is decoded, what no recent
/// frame drew goes until it fits the one byte budget. The drawing asks for textures through its
/// methods and never edits what it keeps. One content epoch says when something drawn may look
/// different although the display list did not change (a picture arrived, was evicted, or every
/// texture was let go): rasterized layers drawn while a picture was missing are redrawn when it
/// moves, and the redraw gate draws.
@MainActor
package final class RenderResources {
    let text: TextTextureCache
    let pictures: PictureTextures

    /// Rasterized layers and transformed pictures' copies shown lately, and spare copies' textures.
    private(set) var layers: [LayerKey: CachedLayer] = [:]
    /// Rasterized layers no view shows now, oldest first: reused by content, else by size.
    private(set) var retiredLayers: [CachedLayer] = []

    /// An offscreen target a group is drawn into, kept for the next group that fits.
    struct GroupTarget {
        var texture: ExecutorTexture
        var width: Int32
        var height: Int32
        var inUse: Bool
        var lastUsedFrame: Int
        package var bytes: Int { Int(width) * Int(height) * 4 }
    }
    private(set) var groupTargets: [GroupTarget] = []

    /// Bytes that may be kept of what no recent frame drew (follows the window's size).
    package var byteBudget: Int
    /// Bumped whenever drawn content may change without the display list changing.
    package private(set) var contentEpoch = 0
    private(set) var frame = 0
    /// Layer and group textures made since start (text and pictures count their own).
    private(set) var texturesMade = 0

    /// The budget for a window of `pixels` device pixels (`KeepPolicy`).
    package static func byteBudget(forWindowPixels pixels: Int) -> Int {
        KeepPolicy.byteBudget(forWindowPixels: pixels)
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

    /// Bytes of what the budget may take now (`KeepPolicy.isIdle`).
    package var idleBytes: Int {
        KeepPolicy.idleBytes(keptTextures(named: false).map(\.texture), at: frame)
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

    /// Counts a layer's, group's or copy's texture made (a steady frame should make none).
    func countTextureMade() { texturesMade += 1 }

    /// Who holds a kept texture, so it can be let go.
    private enum Holder {
        case text(TextTextureCache.Key)
        case picture(String)
        case retired(ExecutorTexture)
        case group(ExecutorTexture)
        case layer(LayerKey)
    }

    /// Every texture the budget could take, as `KeepPolicy` weighs it, with who holds it (a
    /// view's layer shown lately and a group target in use are never candidates). Named only when
    /// `named`: names only break ties among what goes, and asking whether anything must go comes
    /// before every texture made (with names, the inspector spent 4 % of a room's opening here).
    private func keptTextures(named: Bool) -> [(texture: KeptTexture, holder: Holder)] {
        var kept: [(texture: KeptTexture, holder: Holder)] = []
        for (texture, key) in text.kept(named: named) { kept.append((texture, .text(key))) }
        for (texture, name) in pictures.kept() { kept.append((texture, .picture(name))) }
        func order(_ index: Int) -> String { named ? String(format: "%06d", index) : "" }
        for (index, layer) in retiredLayers.enumerated() {
            let texture = KeptTexture(
                kind: .retiredLayer, bytes: layer.bytes, lastDrawnFrame: layer.lastUsedFrame, name: order(index))
            kept.append((texture, .retired(layer.texture)))
        }
        for (index, target) in groupTargets.enumerated() where !target.inUse {
            let texture = KeptTexture(
                kind: .groupTarget, bytes: target.bytes, lastDrawnFrame: target.lastUsedFrame, name: order(index))
            kept.append((texture, .group(target.texture)))
        }
        for (key, layer) in layers where layer.shownPart != nil {
            let texture = KeptTexture(
                kind: .spareCopy, bytes: layer.bytes, lastDrawnFrame: layer.lastUsedFrame,
                name: named ? key.description : "")
            kept.append((texture, .layer(key)))
        }
        return kept
    }

    private func letGo(_ holder: Holder) {
        switch holder {
        case .text(let key): _ = text.release(key)
        case .picture(let name): _ = pictures.evict(name)
        case .retired(let texture): dropRetired(texture)
        case .group(let texture): dropGroupTarget(texture)
        case .layer(let key): dropLayer(key)
        }
    }

    /// Lets go of what no recent frame drew until it and `incoming` more bytes fit the budget (or
    /// nothing more may go), in `KeepPolicy`'s order.
    func makeRoom(for incoming: Int) {
        guard idleBytes + incoming > byteBudget else { return }
        let kept = keptTextures(named: true)
        for index in KeepPolicy.evictions(kept.map(\.texture), incoming: incoming, budget: byteBudget, at: frame) {
            letGo(kept[index].holder)
        }
    }

    private func dropRetired(_ texture: ExecutorTexture) {
        guard let index = retiredLayers.firstIndex(where: { $0.texture == texture }) else { return }
        executor.destroy(retiredLayers.remove(at: index).texture)
    }

    private func dropGroupTarget(_ texture: ExecutorTexture) {
        guard let index = groupTargets.firstIndex(where: { $0.texture == texture }) else { return }
        executor.destroy(groupTargets.remove(at: index).texture)
    }

    private func dropLayer(_ key: LayerKey) {
        guard let layer = layers.removeValue(forKey: key) else { return }
        executor.destroy(layer.texture)
    }

    /// Whether the budget has room for one more texture of `bytes` besides what is idle, and the
    /// retired layers for one more: else a retired layer's texture is taken for new content.
    func hasRoom(forAnother bytes: Int) -> Bool {
        KeepPolicy.hasRoom(
            forAnother: bytes, idleBytes: idleBytes, retiredLayers: retiredLayers.count, budget: byteBudget)
    }

    /// The layer or copy kept under `key`.
    func layer(_ key: LayerKey) -> CachedLayer? { layers[key] }

    /// Keeps `layer` under `key` (drawn this frame, or kept as if drawn).
    func keep(_ layer: CachedLayer, as key: LayerKey) { layers[key] = layer }

    /// Keeps a layer no view shows with its content, for a view showing the same again (the
    /// oldest go at the next `trimRetiredLayers`).
    func retire(_ layer: CachedLayer) {
        retiredLayers.append(layer)
    }

    /// Takes the oldest retired layer that `fits` out of the retired ones.
    func takeRetired(where fits: (CachedLayer) -> Bool) -> CachedLayer? {
        retiredLayers.firstIndex(where: fits).map { retiredLayers.remove(at: $0) }
    }

    /// An idle group target of at least `width` × `height` taken for this frame, if one is kept.
    func takeGroupTarget(where fits: (GroupTarget) -> Bool) -> ExecutorTexture? {
        guard let index = groupTargets.firstIndex(where: { !$0.inUse && fits($0) }) else { return nil }
        groupTargets[index].inUse = true
        groupTargets[index].lastUsedFrame = frame
        return groupTargets[index].texture
    }

    /// Keeps a new group target, in use this frame; an idle one goes first when the pool is full.
    func keepGroupTarget(_ texture: ExecutorTexture, width: Int32, height: Int32) {
        if groupTargets.count >= KeepPolicy.maximumGroupTargets,
            let idle = groupTargets.firstIndex(where: { !$0.inUse })
        {
            executor.destroy(groupTargets.remove(at: idle).texture)
        }
        groupTargets.append(.init(texture: texture, width: width, height: height, inUse: true, lastUsedFrame: frame))
    }

    /// A group target's drawing is done: it may serve the next group.
    func returnGroupTarget(_ texture: ExecutorTexture) {
        guard let index = groupTargets.firstIndex(where: { $0.texture == texture }) else { return }
        groupTargets[index].inUse = false
    }

    /// Takes the snuggest spare copy that `fits` (undrawn for `KeepPolicy.spareAfterFrames`), the
    /// same one on every run (a dictionary's order is not): among equals a texture kept as a spare
    /// (the newest first), then a copy by its picture's id.
    func takeSpare(where fits: (CachedLayer) -> Bool) -> CachedLayer? {
        let idleBefore = frame - KeepPolicy.spareAfterFrames
        func area(_ layer: CachedLayer) -> Int { Int(layer.textureWidth) * Int(layer.textureHeight) }
        func rank(_ entry: (key: LayerKey, value: CachedLayer)) -> (Int, Int, Int) {
            switch entry.key {
            case .spare(let kept): (area(entry.value), 0, sparesKept - kept)
            case .shownCopy(let id): (area(entry.value), 1, id)
            case .view(let id): (area(entry.value), 2, id)
            }
        }
        let spares = layers.filter { _, layer in
            layer.shownPart != nil && layer.lastUsedFrame < idleBefore && fits(layer)
        }
        guard
            let (key, spare) = spares.min(by: { rank($0) < rank($1) })
        else { return nil }
        layers[key] = nil
        return spare
    }

    /// Spares kept so far: each spare's own key.
    private var sparesKept = 0

    /// Keeps a transformed copy's texture, outgrown by its slab, for another slab: idle from now,
    /// so the budget may let it go like any spare.
    func keepAsSpare(_ copy: CachedLayer) {
        var spare = copy
        spare.lastUsedFrame = Int.min / 4
        spare.commands = []
        sparesKept += 1
        layers[.spare(sparesKept)] = spare
    }

    /// Retires the layers no frame drew lately (`KeepPolicy.retires`), by their views' order.
    private func retireIdleLayers() {
        let idle = layers.filter { key, layer in
            guard case .view = key, layer.shownPart == nil else { return false }
            return KeepPolicy.retires(layerLastDrawn: layer.lastUsedFrame, at: frame)
        }
        for (key, layer) in idle.sorted(by: { $0.key < $1.key }) {
            retiredLayers.append(layer)
            layers[key] = nil
        }
        trimRetiredLayers()
    }

    func trimRetiredLayers() {
        while retiredLayers.count > KeepPolicy.maximumRetiredLayers {
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
