import Graphics

/// Looks at every frame beside its neighbours for the two things a dump cannot show: a flash (a
/// frame that differs from the frames before and after it much more than they differ from each
/// other, over the whole frame, and in a region of at least `minimumCells` cells — something on
/// screen for one frame) and a hole (the window's bare background where the
/// frames around it show the scene), and — on any frame, neighbours or not — the scene not covering
/// the window (a band of bare background, as a transition that kept its old size after a resize
/// leaves); optionally also a jump (a large change between two frames each of which is still
/// beside its other neighbour — a transition snapping into place on its last frame). Frames are compared in cells of 4 × 4 pixels, averaged, so
/// antialiasing and a moving edge do not count.
public struct FrameContinuity {
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable {
            case flash, hole, uncovered, jump
        }

        public var kind: Kind
        /// The frame that is wrong (counted from 1 as frames are added).
        public var frame: Int
        /// Where, in window pixels.
        public var region: Rect
        public var cells: Int

        public var description: String {
            let r = region
            return
                "\(kind.rawValue) on frame \(frame) in \(Int(r.minX)),\(Int(r.minY)) \(Int(r.width))×\(Int(r.height)) px "
                + "(\(cells) cells of 4×4)"
        }
    }

    /// Cells that must agree for a finding: a few hundred pixels at least.
    public var minimumCells = 24
    /// A cell changed "much" when a channel's average moved by more than this.
    public var change = 48
    /// … and "hardly" when by no more than this.
    public var steady = 12
    /// Bare background over more than this share of a frame's cells is a part of the window the
    /// scene does not cover (a few stray dark cells of a picture stay under it).
    public var uncoveredShare = 0.01
    /// Whether to look for jumps. Off by default: a key that changes the screen at once (a switch
    /// toggled without animation) is a jump on purpose; scripts that only start and resize
    /// transitions have none.
    public var findsJumps = false
    /// The colour behind everything (what shows where nothing is drawn).
    public var background: (r: UInt8, g: UInt8, b: UInt8)

    private var cells: [Grid] = []
    /// For jumps: the unexplained change between each frame kept and the one after it (one fewer
    /// than `cells`), each measured once.
    private var unexplained: [Region] = []
    /// Per frame kept: its bare-background cells, and its distance to the frame after it.
    private var masks: [[Bool]] = []
    private var steps: [[Int32]] = []
    private var frame = 0

    public init(background: Color = .black) {
        let c = background.rgba8
        self.background = (c.0, c.1, c.2)
    }

    /// A frame shrunk to the averages of its 4 × 4 cells, three channels each.
    struct Grid {
        var width: Int
        var height: Int
        var values: [Int32]

        /// Each cell is the average of four of its pixels, one in each of its rows and each of its
        /// columns: enough to smooth antialiasing, and a quarter of the reading in a debug build
        /// that does it for every frame of a test. One per row and column, so a line one pixel
        /// thin always weighs a quarter of the cell, wherever it crosses (every other row and
        /// column let a moving hairline vanish on one frame and show on the next).
        init(_ image: PixelImage) {
            width = image.width / 4
            height = image.height / 4
            var values = [Int32](repeating: 0, count: width * height * 3)
            let imageWidth = image.width
            let (cellsWide, cellsHigh) = (width, height)
            image.rgba.withUnsafeBufferPointer { rgba in
                values.withUnsafeMutableBufferPointer { out in
                    guard let source = rgba.baseAddress, let target = out.baseAddress else { return }
                    var cellY = 0
                    while cellY < cellsHigh {
                        var cellX = 0
                        while cellX < cellsWide {
                            // Unrolled: (0, 0), (2, 1), (1, 2), (3, 3) within the cell.
                            let i = (cellY * 4 * imageWidth + cellX * 4) * 4
                            let j = i + imageWidth * 4 + 8
                            let k = i + 2 * imageWidth * 4 + 4
                            let l = i + 3 * imageWidth * 4 + 12
                            let cell = (cellY * cellsWide + cellX) * 3
                            target[cell] =
                                (Int32(source[i]) + Int32(source[j]) + Int32(source[k]) + Int32(source[l])) / 4
                            target[cell + 1] =
                                (Int32(source[i + 1]) + Int32(source[j + 1]) + Int32(source[k + 1])
                                    + Int32(source[l + 1])) / 4
                            target[cell + 2] =
                                (Int32(source[i + 2]) + Int32(source[j + 2]) + Int32(source[k + 2])
                                    + Int32(source[l + 2])) / 4
                            cellX += 1
                        }
                        cellY += 1
                    }
                }
            }
            self.values = values
        }

        /// Whether cell (x, y) here lies, in every channel, within what the cells around it (and
        /// itself) held in `earlier`, give or take `tolerance`: what moving the picture by less
        /// than a cell does (a spring settling crosses a pixel boundary; a sliding edge, its
        /// shadow's darker rim included, steps on by a few pixels).
        func isShiftedSlightly(from earlier: Grid, x: Int, y: Int, tolerance: Int32, reach: Int = 1) -> Bool {
            let index = (y * width + x) * 3
            for channel in 0..<3 {
                var (low, high) = (Int32.max, Int32.min)
                for ny in max(y - reach, 0)...min(y + reach, height - 1) {
                    for nx in max(x - reach, 0)...min(x + reach, width - 1) {
                        let value = earlier.values[(ny * width + nx) * 3 + channel]
                        low = min(low, value)
                        high = max(high, value)
                    }
                }
                let value = values[index + channel]
                if value < low - tolerance || value > high + tolerance { return false }
            }
            return true
        }

        /// Whether one displacement of `earlier` by up to `maxShift` cells each way explains the
        /// odd `cells` here (each within what the cells around its displaced place held): the
        /// picture moved as a whole, as content does at the turn of a bounce or when a list of
        /// like rows moves by about a row over two frames (its neighbours then look the same).
        /// Explained means 95 % of the cells, or a clear peak: at least 60 % and two and a half
        /// times what a displacement in any direction explains typically, as content that slid
        /// in from under a bar cannot be found in the frame before.
        func isDisplaced(from earlier: Grid, cells: [Int], tolerance: Int32, maxShift: Int) -> Bool {
            guard !cells.isEmpty else { return false }
            // A sample is enough to tell; a large region would cost seconds per frame.
            let stride = max(cells.count / 1500, 1)
            let sample = Swift.stride(from: 0, to: cells.count, by: stride).map { cells[$0] }
            var explainedCounts: [Int] = []
            for dy in -maxShift...maxShift {
                for dx in -maxShift...maxShift where dx != 0 || dy != 0 {
                    var explained = 0
                    for index in sample {
                        let (x, y) = (index % width + dx, index / width + dy)
                        if x >= 0, x < width, y >= 0, y < height,
                            isWithinNeighbours(of: earlier, at: x, y, cellIndex: index, tolerance: tolerance)
                        {
                            explained += 1
                        }
                    }
                    if explained * 100 >= sample.count * 95 { return true }
                    explainedCounts.append(explained)
                }
            }
            let best = explainedCounts.max() ?? 0
            let typical = explainedCounts.sorted()[explainedCounts.count / 2]
            return best * 10 >= sample.count * 6 && best * 2 >= typical * 5
        }

        /// Whether this grid's cell `cellIndex` lies within what `earlier` held around (x, y).
        private func isWithinNeighbours(of earlier: Grid, at x: Int, _ y: Int, cellIndex: Int, tolerance: Int32)
            -> Bool
        {
            for channel in 0..<3 {
                var (low, high) = (Int32.max, Int32.min)
                for ny in max(y - 1, 0)...min(y + 1, height - 1) {
                    for nx in max(x - 1, 0)...min(x + 1, width - 1) {
                        let value = earlier.values[(ny * width + nx) * 3 + channel]
                        low = min(low, value)
                        high = max(high, value)
                    }
                }
                let value = values[cellIndex * 3 + channel]
                if value < low - tolerance || value > high + tolerance { return false }
            }
            return true
        }

        /// The largest channel difference of every cell to the same cell of `other`, in one pass.
        func distances(to other: Grid) -> [Int32] {
            var result = [Int32](repeating: 0, count: width * height)
            values.withUnsafeBufferPointer { a in
                other.values.withUnsafeBufferPointer { b in
                    result.withUnsafeMutableBufferPointer { out in
                        var cell = 0
                        var i = 0
                        while cell < out.count {
                            var worst = a[i] - b[i]
                            if worst < 0 { worst = -worst }
                            var d = a[i + 1] - b[i + 1]
                            if d < 0 { d = -d }
                            if d > worst { worst = d }
                            d = a[i + 2] - b[i + 2]
                            if d < 0 { d = -d }
                            out[cell] = d > worst ? d : worst
                            cell += 1
                            i += 3
                        }
                    }
                }
            }
            return result
        }

        /// Which cells show the bare `colour`, in one pass.
        func backgroundMask(_ colour: (r: UInt8, g: UInt8, b: UInt8)) -> [Bool] {
            var result = [Bool](repeating: false, count: width * height)
            let (r, g, b) = (Int32(colour.r), Int32(colour.g), Int32(colour.b))
            values.withUnsafeBufferPointer { v in
                result.withUnsafeMutableBufferPointer { out in
                    var cell = 0
                    var i = 0
                    while cell < out.count {
                        out[cell] = abs(v[i] - r) <= 2 && abs(v[i + 1] - g) <= 2 && abs(v[i + 2] - b) <= 2
                        cell += 1
                        i += 3
                    }
                }
            }
            return result
        }

    }

    /// Keeps `grid` with the last few frames (their cells, where they show the background, how far
    /// each moved from the one before), and returns where it shows the background.
    private mutating func keep(_ grid: Grid) -> [Bool] {
        let mask = grid.backgroundMask(background)
        if let last = cells.last {
            let step = last.distances(to: grid)
            steps.append(step)
            if findsJumps { unexplained.append(unexplainedChange(from: last, to: grid, distances: step)) }
        }
        cells.append(grid)
        masks.append(mask)
        if cells.count > 4 { cells.removeFirst() }
        if masks.count > 3 { masks.removeFirst() }
        if steps.count > 2 { steps.removeFirst() }
        if unexplained.count > 3 { unexplained.removeFirst() }
        return mask
    }

    /// The frame's bare area, when it is large enough to be a part of the window left
    /// uncovered: at least a few thousand pixels (in a small window a bold black title alone
    /// covers 1 %).
    private func uncovered(_ mask: [Bool], of grid: Grid) -> Finding? {
        var bare = Region()
        for index in mask.indices where mask[index] {
            bare.add(index % grid.width, index / grid.width)
        }
        guard Double(bare.count) > max(uncoveredShare * Double(grid.width * grid.height), Double(minimumCells * 4))
        else { return nil }
        return Finding(kind: .uncovered, frame: frame, region: bare.pixels, cells: bare.count)
    }

    /// Adds the next frame; returns what is wrong with the frame before it, now that it has both
    /// neighbours. A frame of another size (a resize) starts afresh.
    public mutating func add(_ image: PixelImage) -> [Finding] {
        frame += 1
        let grid = Grid(image)
        if let last = cells.last, last.width != grid.width || last.height != grid.height {
            cells = []
            unexplained = []
            masks = []
            steps = []
        }
        let mask = keep(grid)
        var findings: [Finding] = []
        if let bare = uncovered(mask, of: grid) { findings.append(bare) }
        if findsJumps, unexplained.count == 3, let jump = jump(across: unexplained) {
            findings.append(Finding(kind: .jump, frame: frame - 1, region: jump.pixels, cells: jump.count))
        }
        guard cells.count >= 3 else { return findings }
        let (before, middle, after) = (cells[cells.count - 3], cells[cells.count - 2], cells[cells.count - 1])
        let acrossDistances = before.distances(to: after)
        let (beforeMask, middleMask, afterMask) = (masks[0], masks[1], masks[2])
        var flash = Region()
        var flashCells: [Int] = []
        var hole = Region()
        // Over the whole frame: how far the middle frame is from each neighbour and they from
        // each other. Motion moves the frame after further from the frame before than either is
        // from the middle one; a flash leaves the neighbours close and the middle far from both.
        var (toBefore, toAfter, across) = (0, 0, 0)
        let count = middle.width * middle.height
        let (change, steady) = (Int32(change), Int32(steady))
        steps[0].withUnsafeBufferPointer { beforeToMiddle in
            steps[1].withUnsafeBufferPointer { middleToAfter in
                acrossDistances.withUnsafeBufferPointer { beforeToAfter in
                    var index = 0
                    while index < count {
                        let dBefore = beforeToMiddle[index]
                        let dAfter = middleToAfter[index]
                        let dAcross = beforeToAfter[index]
                        toBefore += Int(dBefore)
                        toAfter += Int(dAfter)
                        across += Int(dAcross)
                        if dBefore > change && dAfter > change {
                            let (x, y) = (index % middle.width, index / middle.width)
                            // Not a picture moving back and forth by a few pixels (a drag
                            // reversing as it is let go, a rubber band turning at its furthest
                            // point): that is motion, not a flash.
                            if dAcross <= steady
                                && !middle.isShiftedSlightly(from: before, x: x, y: y, tolerance: 2 * steady, reach: 2)
                            {
                                flash.add(x, y)
                                flashCells.append(index)
                            }
                            if middleMask[index] && !beforeMask[index] && !afterMask[index] { hole.add(x, y) }
                        }
                        index += 1
                    }
                }
            }
        }
        let standsOut = toBefore > 3 * across && toAfter > 3 * across
        // Both must stand out over the whole frame: moving black text at 2× can leave as many
        // cells of exact black between frames as a small hole, but not a frame unlike both
        // neighbours (a lasting hole is `uncovered`).
        // A hole is an area: the scene's own pure-black pixels (a night photo's sky) scattered
        // across a frame that moved are not one (a monkey found 39 cells over 944 × 360 px).
        if hole.count >= minimumCells && standsOut && hole.density >= 0.2 {
            findings.append(Finding(kind: .hole, frame: frame - 1, region: hole.pixels, cells: hole.count))
        } else if flash.count >= minimumCells && standsOut
            // An area, not hairlines: a line a pixel or two thin moving a cell or more a frame
            // (a graph's time line) is seen in one frame's cells and not its neighbours'.
            && Self.cellsWithNeighboursBothWays(flashCells, width: middle.width) >= minimumCells
            // Content at the turn of a bounce, a whole cell or more from both identical neighbours.
            && !middle.isDisplaced(from: before, cells: flashCells, tolerance: 2 * steady, maxShift: 12)
        {
            findings.append(Finding(kind: .flash, frame: frame - 1, region: flash.pixels, cells: flash.count))
        }
        return findings
    }

    /// How many of `cells` have another of them beside them (left or right) and another above or
    /// below: the cells of an area, not of a line one cell thin.
    static func cellsWithNeighboursBothWays(_ cells: [Int], width: Int) -> Int {
        let set = Set(cells)
        return cells.filter { index in
            let x = index % width
            let sideways = (x > 0 && set.contains(index - 1)) || (x < width - 1 && set.contains(index + 1))
            let vertically = set.contains(index - width) || set.contains(index + width)
            return sideways && vertically
        }.count
    }

    /// Where frames 1 and 2 of four change in a way motion does not explain while 0 → 1 and
    /// 2 → 3 change hardly at all that way: something snapped between two calm frames.
    private func jump(across changes: [Region]) -> Region? {
        guard changes[1].count >= minimumCells * 8, changes[0].count < minimumCells, changes[2].count < minimumCells
        else { return nil }
        return changes[1]
    }

    /// The cells that changed much from `earlier` to `later` and not as a picture moving by less
    /// than a cell would (see `Grid.isShiftedSlightly`).
    private func unexplainedChange(from earlier: Grid, to later: Grid, distances: [Int32]) -> Region {
        var region = Region()
        let change = Int32(change)
        for index in distances.indices where distances[index] > change {
            let (x, y) = (index % earlier.width, index / earlier.width)
            if !later.isShiftedSlightly(from: earlier, x: x, y: y, tolerance: 2 * Int32(steady)) { region.add(x, y) }
        }
        return region
    }

    /// The cells found, and the rect in pixels around them.
    private struct Region {
        var count = 0
        var minX = Int.max
        var minY = Int.max
        var maxX = -1
        var maxY = -1

        mutating func add(_ x: Int, _ y: Int) {
            count += 1
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }

        /// The share of the bounding box's cells that are in the region.
        var density: Double {
            guard count > 0 else { return 0 }
            return Double(count) / Double((maxX - minX + 1) * (maxY - minY + 1))
        }

        var pixels: Rect {
            Rect(
                x: Double(minX * 4), y: Double(minY * 4), width: Double((maxX - minX + 1) * 4),
                height: Double((maxY - minY + 1) * 4))
        }
    }
}
