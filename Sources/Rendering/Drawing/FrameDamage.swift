import Graphics

/// Where two frames' pictures can differ, from their display lists alone: the damage a frame
/// drawn over the last one must redraw (`.drawChangesOnly`). A frame is the things it draws in
/// order, each one command (a group, begun to ended, is one thing: its alpha and what it holds
/// go together) in its clip; the damage is the boxes of the things only one frame draws, and of
/// those both draw but in another order, found as the longest run both frames keep in order.
///
/// Why that is enough: a pixel outside the damage is covered in both frames by the very same
/// things, in the same order, and a thing draws the same pixels wherever the same command sits
/// in the same clip — so the pixel is what it was. What a command's pixels depend on besides the
/// command (a picture arriving, the output's size, the options) the renderer checks itself.
package enum FrameDamage {
    /// Output pixels, edges inclusive on the low side and exclusive on the high side.
    package struct Box: Equatable, Sendable {
        package var minX: Int
        package var minY: Int
        package var maxX: Int
        package var maxY: Int

        package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        /// No pixels.
        package static let none = Box(minX: 0, minY: 0, maxX: 0, maxY: 0)

        package var isEmpty: Bool { maxX <= minX || maxY <= minY }
        package var area: Int { isEmpty ? 0 : (maxX - minX) * (maxY - minY) }

        package func union(_ other: Box) -> Box {
            if isEmpty { return other }
            if other.isEmpty { return self }
            return Box(
                minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                maxY: max(maxY, other.maxY))
        }

        package func intersection(_ other: Box) -> Box {
            Box(
                minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX),
                maxY: min(maxY, other.maxY))
        }

        /// The whole pixels `rect` (output pixels) touches, grown by `margin` on every side for
        /// the antialiased edges and the rounding to whole pixels the drawing does.
        init(covering rect: Rect, margin: Int) {
            guard rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite, rect.minY.isFinite,
                rect.width > 0, rect.height > 0
            else {
                self.init(minX: 0, minY: 0, maxX: 0, maxY: 0)
                return
            }
            let limit = Double(Int32.max)
            func clamped(_ value: Double) -> Int { Int(max(-limit, min(limit, value))) }
            self.init(
                minX: clamped(rect.minX.rounded(.down)) - margin, minY: clamped(rect.minY.rounded(.down)) - margin,
                maxX: clamped(rect.maxX.rounded(.up)) + margin, maxY: clamped(rect.maxY.rounded(.up)) + margin)
        }
    }

    /// One thing a frame draws: the command (or a group's commands) in its clip, and the output
    /// pixels it may touch.
    package struct Item: Sendable {
        package var key: Key
        package var box: Box

        /// Whether it copies a texture (a picture, text, a layer, a group's target, a turned
        /// picture): cut by the edge of what is redrawn, SDL may sample it differently.
        var drawsPicture: Bool {
            switch key {
            case .group: return true
            case .command(let command, _):
                switch command {
                case .image, .text, .layer, .transformed: return true
                default: return false
                }
            }
        }
    }

    /// What decides an item's pixels: equal keys draw equal pixels.
    package enum Key: Hashable, Sendable {
        case command(DrawCommand, clip: Rect)
        case group([DrawCommand], clip: Rect)
    }

    /// The items of `commands` drawn at `scale` pixels per point within `area` (output pixels).
    /// `textSize` gives the pixels a line of text's texture holds at the device scale, or nil where
    /// it is drawn as a placeholder within its frame.
    package static func items(
        of commands: [DrawCommand], scale: Double, area: Rect, textSize: (String, Font) -> (width: Int, height: Int)?
    ) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(commands.count)
        var clips: [Rect] = [area]
        var index = 0
        while index < commands.count {
            let command = commands[index]
            let clip = clips[clips.count - 1]
            switch command {
            case .pushClip(let rect):
                clips.append(clip.intersection(pixels(rect, scale: scale)))
            case .popClip:
                if clips.count > 1 { clips.removeLast() }
            case .endGroup:
                break  // Unmatched: the renderer ignores it too.
            case .beginGroup(let bounds, _):
                let end = matchingEnd(of: index, in: commands)
                let drawn = pixels(bounds, scale: scale).intersection(clip)
                items.append(
                    Item(
                        key: .group(Array(commands[index..<end]), clip: clip),
                        box: Box(covering: drawn, margin: 1)))
                index = end
                continue
            default:
                let reach = reach(of: command, scale: scale, textSize: textSize).intersection(clip)
                items.append(Item(key: .command(command, clip: clip), box: Box(covering: reach, margin: 2)))
            }
            index += 1
        }
        return items
    }

    /// Where `old` and `new` can differ (nil: nowhere).
    package static func region(from old: [Item], to new: [Item]) -> Box? {
        // The runs both frames begin and end with, compared in place: most frames keep most of
        // their list, and comparing is cheaper than hashing (a kept picture's commands are one
        // array in both, equal at a glance). They are in order in both, before and after the rest.
        var start = 0
        while start < old.count, start < new.count, old[start].key == new[start].key { start += 1 }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1].key == new[newEnd - 1].key {
            oldEnd -= 1
            newEnd -= 1
        }
        var waiting: [Key: [Int]] = [:]
        for index in (start..<oldEnd).reversed() { waiting[old[index].key, default: []].append(index) }
        var damage = Box.none
        // Old indices in the new frame's order, for the things both frames draw.
        var kept: [(old: Int, new: Int)] = []
        kept.reserveCapacity(newEnd - start)
        for index in start..<newEnd {
            if let oldIndex = waiting[new[index].key]?.popLast() {
                kept.append((oldIndex, index))
            } else {
                damage = damage.union(new[index].box)
            }
        }
        for indices in waiting.values { for index in indices { damage = damage.union(old[index].box) } }
        let inOrder = longestIncreasingRun(kept.map(\.old))
        for (position, pair) in kept.enumerated() where !inOrder.contains(position) {
            damage = damage.union(old[pair.old].box).union(new[pair.new].box)
        }
        return damage.isEmpty ? nil : damage
    }

    /// `damage` grown until every picture it touches lies wholly within it. A picture crossing
    /// the edge of the part redrawn would be cut there, and SDL samples a cut picture anew (its
    /// scaled blit takes the source rectangle again from the cut; a rounded picture's quads become
    /// such blits): the pixels inside would not be those of the whole frame. Fills, shadows and
    /// lines are cut exactly, so they may cross it.
    package static func grown(_ damage: Box, toHoldPicturesOf items: [Item]) -> Box {
        var grown = damage
        var changed = true
        while changed {
            changed = false
            for item in items where item.drawsPicture {
                let box = item.box
                guard !box.isEmpty, !box.intersection(grown).isEmpty, box.union(grown) != grown else { continue }
                grown = grown.union(box)
                changed = true
            }
        }
        return grown
    }

    // MARK: Reach

    /// Points → output pixels.
    static func pixels(_ rect: Rect, scale: Double) -> Rect {
        Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
    }

    /// The output pixels `command` may touch, before its clip.
    static func reach(
        of command: DrawCommand, scale: Double, textSize: (String, Font) -> (width: Int, height: Int)?
    ) -> Rect {
        switch command {
        case .fill(let rect, _, _), .missing(let rect, _):
            return pixels(rect, scale: scale)
        case .shadow(let rect, _, let blur, _):
            let fade = ShapeTessellator.shadowBlur(blur * scale)
            return pixels(rect, scale: scale).insetBy(dx: -fade, dy: -fade)
        case .image(_, _, let destination, _, _), .layer(_, let destination, _, _, _):
            return pixels(destination, scale: scale)
        case .text(let string, let font, _, let frame, let textScale):
            let framed = pixels(frame, scale: scale)
            guard let size = textSize(string, font) else { return framed }
            return Rect(
                x: framed.minX, y: framed.minY, width: Double(size.width) * textScale,
                height: Double(size.height) * textScale)
        case .transformed(let drawing):
            return pixels(drawing.transform.apply(to: drawing.drawnRect), scale: scale)
        case .pushClip, .popClip, .beginGroup, .endGroup:
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
    }

    /// The index just past the `endGroup` that ends the group begun at `begin` (the list's end
    /// when none does).
    static func matchingEnd(of begin: Int, in commands: [DrawCommand]) -> Int {
        var depth = 0
        for index in begin..<commands.count {
            switch commands[index] {
            case .beginGroup: depth += 1
            case .endGroup:
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
        }
        return commands.count
    }

    /// The positions in `values` of one longest strictly increasing subsequence (patience sorting).
    package static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // Positions: the smallest tail of each run length.
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: Set<Int> = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}
