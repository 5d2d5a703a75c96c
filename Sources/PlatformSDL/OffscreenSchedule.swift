import Rendering

/// Who draws a frame's offscreen pictures when the output is drawn in bands. Each texture has a
/// twin on every lane, and every lane used to draw every offscreen picture into its own twin, so
/// that work did not divide: under the exploded inspector a room opening redraws 20–47 slab
/// pictures a frame, each drawn, straightened and shrunk whole by both bands. Here a flush's
/// offscreen drawing is cut into groups — a picture with the pictures it reads that were drawn
/// in the same flush, and with those that read a texture before it is drawn again — and each
/// group is drawn by one lane only (the next lane free takes the next group, largest first).
/// After a barrier the lane hands what it drew to the other lanes' twins (`handOvers`, the box
/// it drew in, read back and written: two copies, not the drawing), and then every lane draws
/// its rows of the output in order. Every texture ends each flush with the same pixels on every
/// lane as before, drawn by the same calls on one thread, so bands still draw what one thread
/// draws (`SharedOffscreenTests`).
///
/// A scratch texture (`RenderExecutor.markScratch`: drawn afresh before each use, read only by
/// the drawing that follows) is not handed over: each lane's twin holds the last picture that
/// lane drew in it. A still slab's picture to be resampled onto the output is read back by the
/// lane that drew it, and the copy made by every lane together after the barrier, each band
/// writing the rows it shows (`SharedOffscreenReplay`); a group whose resampled copy other
/// offscreen drawing needs at once is drawn by every lane, before the rest, as before. Nil —
/// every lane draws everything, as before — when the flush does not start and end on the
/// output, when the output reads a texture before an offscreen drawing in the same flush changes
/// it or reads a scratch, when a texture that is not a scratch is drawn twice, or when there is
/// nothing to share.
struct OffscreenSchedule {
    /// A group of offscreen drawing one lane draws for all: its calls, ending aimed at the
    /// output, and the textures it draws for every lane with the box of each it drew in.
    struct Group {
        var calls: [RecordedDrawCall]
        var handOvers: [(name: OpaquePointer, box: PixelBox)]
        /// Pixels it draws, about: the largest go first, so the lanes end together.
        var cost: Int
        /// Whether it draws a picture every lane resamples after the barrier.
        var resamplesLater: Bool
    }

    /// What every lane draws first, each into its own twins: groups that resample a copy other
    /// offscreen drawing needs at once (each band works out only its own rows of it).
    let everyLane: [RecordedDrawCall]
    /// The groups, largest first: each lane takes the next one not taken until none is left.
    let groups: [Group]
    /// What every lane replays after the barrier: the calls aimed at the output, in order.
    let outputCalls: [RecordedDrawCall]

    /// A run of calls aimed at one offscreen texture, from its `.target` call.
    private struct Segment {
        var target: OpaquePointer
        var calls: Range<Int>
        var reads: Set<OpaquePointer> = []
        var writes: [OpaquePointer: PixelBox?] = [:]
        var cost = 0
        /// Whether it reads what its target held before it drew there (a picture resampled
        /// or straightened where an earlier segment drew it).
        var readsTarget = false
        /// Whether every lane must draw it (it resamples a copy another picture then needs).
        var everyLane = false
        /// Copies onto the output it resamples, which every lane works out after the barrier.
        var resampledLater: Set<OpaquePointer> = []
    }

    init?(calls: [RecordedDrawCall], scratchTextures: Set<OpaquePointer>, startsOnOutput: Bool) {
        guard startsOnOutput,
            let (segments, outputIndices) = Self.segments(of: calls, scratchTextures: scratchTextures),
            let groupOf = Self.groups(segments, scratchTextures: scratchTextures)
        else { return nil }
        // A group any of whose segments every lane must draw is drawn by every lane; so is one
        // whose copy to resample later another picture reads (it would read it too early).
        let resampledLater = segments.reduce(into: Set<OpaquePointer>()) { $0.formUnion($1.resampledLater) }
        let readEarly = segments.reduce(into: Set<OpaquePointer>()) {
            $0.formUnion($1.reads.intersection(resampledLater))
        }
        let drawnByEveryLane = Set(
            segments.indices.filter {
                segments[$0].everyLane || !segments[$0].resampledLater.isDisjoint(with: readEarly)
            }
            .map { groupOf[$0] })
        var everyLane: [RecordedDrawCall] = []
        var shared: [Int: Group] = [:]
        for (index, segment) in segments.enumerated() {
            let group = groupOf[index]
            if drawnByEveryLane.contains(group) {
                everyLane.append(contentsOf: calls[segment.calls])
                continue
            }
            var drawn = shared[group] ?? Group(calls: [], handOvers: [], cost: 0, resamplesLater: false)
            drawn.calls.append(contentsOf: calls[segment.calls])
            drawn.cost += segment.cost
            drawn.resamplesLater = drawn.resamplesLater || !segment.resampledLater.isEmpty
            for (name, box) in segment.writes
            where !scratchTextures.contains(name) && !segment.resampledLater.contains(name) {
                drawn.handOvers.append((name, box ?? PixelBox(x: 0, y: 0, w: Int32.max, h: Int32.max)))
            }
            shared[group] = drawn
        }
        // One group alone is worth sharing only for its picture resampled by every lane together.
        guard shared.count >= 2 || shared.values.contains(where: \.resamplesLater) else { return nil }
        if !everyLane.isEmpty { everyLane.append(.target(nil)) }
        self.everyLane = everyLane
        groups = shared.sorted { ($0.value.cost, $1.key) > ($1.value.cost, $0.key) }.map { entry in
            var group = entry.value
            group.calls.append(.target(nil))
            return group
        }
        outputCalls = outputIndices.map { calls[$0] }
    }

    /// The flush's offscreen segments and the indices of its calls aimed at the output; nil when
    /// it cannot be scheduled (see the type's comment).
    private static func segments(of calls: [RecordedDrawCall], scratchTextures: Set<OpaquePointer>) -> (
        [Segment], [Int]
    )? {
        var segments: [Segment] = []
        var outputIndices: [Int] = []
        var current: Segment?
        /// Textures the output read so far: an offscreen drawing into one of them after that
        /// would be seen too early once offscreen drawing goes first.
        var readByOutput: Set<OpaquePointer> = []
        func close(at end: Int) {
            guard var segment = current else { return }
            segment.calls = segment.calls.lowerBound..<end
            segments.append(segment)
            current = nil
        }
        for (index, call) in calls.enumerated() {
            if case .target(let name) = call {
                close(at: index)
                // Back on the output is left out: every lane draws the output's calls without leaving it.
                if let name {
                    guard !readByOutput.contains(name) else { return nil }
                    current = Segment(target: name, calls: index..<index)
                }
                continue
            }
            guard var segment = current else {
                if let read = call.texture {
                    guard !scratchTextures.contains(read) else { return nil }
                    readByOutput.insert(read)
                }
                outputIndices.append(index)
                continue
            }
            guard Self.add(call, to: &segment) else { return nil }
            for written in segment.writes.keys where readByOutput.contains(written) { return nil }
            current = segment
        }
        guard current == nil else { return nil }
        return (segments, outputIndices)
    }

    /// Adds what `call` reads, writes and costs to `segment`; false when it cannot be moved.
    private static func add(_ call: RecordedDrawCall, to segment: inout Segment) -> Bool {
        var drawn: PixelBox?
        var whole = false
        switch call {
        case .target, .clip: break
        case .restrict: return false
        case .clear: whole = true
        case .fill(let boxes, _, _):
            drawn = boxes.reduce(nil) { Self.union($0, $1) }
        case .copy(_, _, let destination, _):
            drawn = Self.outer(destination)
        case .triangles(let vertices, _, _, _):
            guard let first = vertices.first else { break }
            var box = (minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
            for vertex in vertices {
                box = (
                    min(box.minX, vertex.x), min(box.minY, vertex.y), max(box.maxX, vertex.x), max(box.maxY, vertex.y)
                )
            }
            drawn = Self.outer(FloatBox(x: box.minX, y: box.minY, w: box.maxX - box.minX, h: box.maxY - box.minY))
        case .fillSheared(let area, _, _), .copySheared(_, _, let area, _):
            let rows = area.rowSpan
            drawn = PixelBox(
                x: Int32(area.columns.lowerBound), y: Int32(rows.lowerBound), w: Int32(area.columns.count),
                h: Int32(rows.count))
        case .straighten(let name, let box):
            guard name == segment.target else { return false }
            segment.readsTarget = segment.readsTarget || segment.writes[segment.target] == nil
            drawn = box
        case .resample(let name, let job):
            // It reads the picture the target holds (drawn by an earlier segment: the same
            // lane must draw both). A copy onto the output is resampled by every lane together
            // once the pictures are drawn, each band its own rows (`SharedOffscreenReplay`); a
            // copy onto an offscreen target is needed at once: every lane draws that group.
            segment.readsTarget = segment.readsTarget || segment.writes[segment.target] == nil
            if job.landsOnOutput { segment.resampledLater.insert(name) } else { segment.everyLane = true }
            segment.writes[name] = .some(nil)
            segment.cost += job.region.x.count * job.region.y.count
        }
        if let read = call.texture, read != segment.target { segment.reads.insert(read) }
        if whole {
            segment.writes[segment.target] = .some(nil)
        } else if let drawn, drawn.w > 0, drawn.h > 0 {
            segment.cost += Int(drawn.w) * Int(drawn.h)
            if let known = segment.writes[segment.target] {
                // A box once the whole texture stays the whole texture.
                segment.writes[segment.target] = known.map { Self.union($0, drawn) }
            } else {
                segment.writes[segment.target] = drawn
            }
        }
        return true
    }

    /// Each segment's group: a segment joins the group of the segment that last drew a texture
    /// it reads, and a segment drawing a texture joins those that read it before. Nil when a
    /// texture that is not a scratch is drawn twice, or a scratch is read before it is drawn in
    /// this flush (its twins differ from lane to lane).
    private static func groups(_ segments: [Segment], scratchTextures: Set<OpaquePointer>) -> [Int]? {
        var parent = Array(segments.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while parent[index] != index {
                parent[index] = parent[parent[index]]
                index = parent[index]
            }
            return index
        }
        var lastWriter: [OpaquePointer: Int] = [:]
        /// Segments that read a texture (not a scratch) before it is drawn in this flush: the
        /// drawing must wait for them, and a lane takes groups in any order.
        var readersBefore: [OpaquePointer: [Int]] = [:]
        var drawnOnce: Set<OpaquePointer> = []
        for (index, segment) in segments.enumerated() {
            for read in segment.reads.union(segment.readsTarget ? [segment.target] : []) {
                if let writer = lastWriter[read] {
                    parent[root(index)] = root(writer)
                } else if scratchTextures.contains(read) {
                    return nil
                } else {
                    readersBefore[read, default: []].append(index)
                }
            }
            for written in segment.writes.keys {
                if !scratchTextures.contains(written) {
                    guard drawnOnce.insert(written).inserted else { return nil }
                    for reader in readersBefore.removeValue(forKey: written) ?? [] {
                        parent[root(index)] = root(reader)
                    }
                }
                lastWriter[written] = index
            }
        }
        return segments.indices.map(root)
    }

    private static func union(_ a: PixelBox?, _ b: PixelBox) -> PixelBox {
        guard let a else { return b }
        let left = min(a.x, b.x)
        let top = min(a.y, b.y)
        let right = max(a.x + a.w, b.x + b.w)
        let bottom = max(a.y + a.h, b.y + b.h)
        return PixelBox(x: left, y: top, w: right - left, h: bottom - top)
    }

    /// The whole pixels a box of floats touches, one more each way for a filter's reach.
    private static func outer(_ box: FloatBox) -> PixelBox {
        let left = Int32((box.x).rounded(.down)) - 1
        let top = Int32((box.y).rounded(.down)) - 1
        let right = Int32((box.x + box.w).rounded(.up)) + 1
        let bottom = Int32((box.y + box.h).rounded(.up)) + 1
        return PixelBox(x: left, y: top, w: right - left, h: bottom - top)
    }
}
