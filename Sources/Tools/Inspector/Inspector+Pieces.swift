import Foundation
import Graphics
import Motion
import Platform
import Views

/// The inspector's drawing pieces: outlines, slab pictures, tags and what hides what.
extension Inspector {
    /// Where slabs hide what was drawn before them: each fully opaque view whose own drawing
    /// begins with a square fill of its whole bounds, over what of it shows.
    static func opaqueCovers(_ slabs: [ViewSlab], within screen: Rect) -> [(index: Int, view: View, rect: Rect)] {
        slabs.enumerated().compactMap { index, slab in
            guard slab.isVisible, slab.alpha >= 0.999, slab.view.transform.b == 0, slab.view.transform.c == 0,
                case .fill(let rect, let color, let radius)? = slab.commands.first, color.alpha >= 1, radius < 0.5,
                rect.contains(Rect(origin: .zero, size: slab.size))
            else { return nil }
            let shown = slab.frame.intersection(slab.clip).intersection(screen)
            return shown.isEmpty ? nil : (index, slab.view, shown)
        }
    }

    func color(for slab: ViewSlab) -> Color {
        if slab.view === selected { return .systemBlue }
        return isTransitionOnly(slab.view) ? Color(hex: 0xFF9F0A) : Color(white: 0.75)
    }

    func outline(_ rect: Rect, color: Color, width: Double) -> [DrawCommand] {
        [
            .fill(
                rect: Rect(x: rect.minX, y: rect.minY, width: rect.width, height: width), color: color, cornerRadius: 0),
            .fill(
                rect: Rect(x: rect.minX, y: rect.maxY - width, width: rect.width, height: width), color: color,
                cornerRadius: 0),
            .fill(
                rect: Rect(x: rect.minX, y: rect.minY, width: width, height: rect.height), color: color, cornerRadius: 0
            ),
            .fill(
                rect: Rect(x: rect.maxX - width, y: rect.minY, width: width, height: rect.height), color: color,
                cornerRadius: 0),
        ]
    }

    /// The view's own drawing, in its own coordinates, as a picture on its slab: the part inside
    /// the scene shows. The picture is the whole view's while it is not much bigger than the
    /// scene, so a sheet sliding in keeps its texture (only the part shown grows); a larger one
    /// (a long page) is pictured by its part inside the scene. No card behind it: an empty view
    /// is its outline, and a faint fill per full-screen slab is what the software renderer cannot
    /// afford. `alpha`: how opaque it is drawn (the view's own, or eased after a cut).
    func picture(of item: PlacedSlab, within sceneSize: Size, alpha: Double) -> DrawCommand {
        let slab = item.slab
        let whole = slab.frame.width <= sceneSize.width * 1.5 && slab.frame.height <= sceneSize.height * 1.5
        // The visible part in the view's own coordinates (its frame may be scaled).
        let across = slab.size.width / max(slab.frame.width, 1e-9)
        let down = slab.size.height / max(slab.frame.height, 1e-9)
        let part = Rect(
            x: (item.visible.minX - slab.frame.minX) * across, y: (item.visible.minY - slab.frame.minY) * down,
            width: item.visible.width * across, height: item.visible.height * down)
        let picture = LayerPicture(
            id: slab.view.renderIdentity, contentSize: slab.size, commands: slab.commands,
            source: whole ? Rect(origin: .zero, size: slab.size) : part)
        return .shearedLayer(
            picture, destination: whole ? item.wholeFrame : item.frame, shown: item.frame, shear: item.shear,
            alpha: alpha)
    }

    /// A turned slab's edges: bands `width` points wide inside it, sheared as it is, so they
    /// cover the same columns with the same offsets.
    func outline(_ item: PlacedSlab, color: Color, width: Double) -> [DrawCommand] {
        let frame = item.frame
        let across = min(width, frame.width / 2)
        let down = min(width, frame.height / 2)
        return [
            Rect(x: frame.minX, y: frame.minY, width: frame.width, height: down),
            Rect(x: frame.minX, y: frame.maxY - down, width: frame.width, height: down),
            Rect(x: frame.minX, y: frame.minY, width: across, height: frame.height),
            Rect(x: frame.maxX - across, y: frame.minY, width: across, height: frame.height),
        ].map { .shearedFill(rect: $0, shear: item.shear, color: color) }
    }

    /// The slab's frame moved to where its top-left corner is drawn: the tag goes above it.
    func cornerBox(of item: PlacedSlab) -> Rect {
        item.frame.offsetBy(dx: 0, dy: item.shear * item.frame.minX)
    }

    /// A tag naming `view` above the top-left corner of `rect`, kept inside the scene (`bounds`):
    /// a view near the scene's right edge has its tag moved left, as one at the top has it moved
    /// down, so the whole name shows (the scene is drawn clipped to its area).
    func label(
        for view: View, at rect: Rect, metrics: any ContentMetrics, within bounds: Size, avoiding taken: inout [Rect],
        clearOf stack: [PlacedSlab] = []
    ) -> [DrawCommand]? {
        let font = Font.system(11)
        let text = view.accessibilityIdentifier ?? String(describing: type(of: view))
        let size = Size(width: metrics.width(of: text, font: font), height: metrics.lineHeight(of: font))
        // Above the view; with no room above it (a view at the top of the window), below it, so
        // the tag never covers what it names.
        let above = rect.minY - size.height - 4
        let below = rect.maxY + 2
        let top = above >= 0 ? above : below + size.height + 4 <= bounds.height ? below : 0
        var tag = Rect(
            x: max(0, min(rect.minX, bounds.width - size.width - 8)), y: top, width: size.width + 8,
            height: size.height + 4)
        // In 3D, a tag that would lie over the stack (the room's × and Join under the wrapper's
        // and the overlay's tags) rises above it, straight up from its corner, to the nearest
        // place that covers no slab and no other tag.
        func coversSomething(_ candidate: Rect) -> Bool {
            stack.contains { $0.intersects(candidate) } || taken.contains { $0.intersects(candidate) }
        }
        if !stack.isEmpty, coversSomething(tag) {
            // Up from the corner first, then (a stack as tall as the scene) down from below it.
            let up = stride(from: tag.minY - 4, through: 0, by: -4)
            let down = stride(from: rect.maxY + 4, through: bounds.height - tag.height, by: 4)
            if let free = (Array(up) + Array(down)).first(where: {
                !coversSomething(tag.offsetBy(dx: 0, dy: $0 - tag.minY))
            }) {
                tag = tag.offsetBy(dx: 0, dy: free - tag.minY)
            }
        }
        // Tags of slabs at about the same corner go beside the ones in the way, along the top of
        // the slab (over its edge, not its content); with no room left along it or in the scene,
        // a row lower.
        let first = tag
        var row = 0.0
        while let blocker = taken.first(where: { $0.intersects(tag) }) {
            let beside = tag.offsetBy(dx: blocker.maxX + 4 - tag.minX, dy: 0)
            if beside.maxX <= min(max(rect.maxX, first.maxX), bounds.width) {
                tag = beside
            } else if first.maxY + (row + 1) * (tag.height + 2) <= bounds.height {
                row += 1
                tag = first.offsetBy(dx: 0, dy: row * (tag.height + 2))
            } else {
                tag = beside
            }
        }
        taken.append(tag)
        return [
            .fill(rect: tag, color: Color(white: 0, alpha: 0.75), cornerRadius: 3),
            .text(
                text, font: font, color: isTransitionOnly(view) ? Color(hex: 0xFFB340) : .white,
                frame: Rect(x: tag.minX + 4, y: tag.minY + 2, width: size.width, height: size.height), scale: 1),
        ]
    }
}

extension ViewSlab {
    /// Whether a click can pick it: it is drawn and can be seen (a hidden cell's views or a
    /// clear scrim are outlines only; ↑ ↓ still reach them).
    package var isShown: Bool { isVisible && alpha >= 0.01 }
}
