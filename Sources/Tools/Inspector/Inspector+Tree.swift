import Foundation
import Graphics
import Motion
import Platform
import Views

extension Inspector {
    /// ↑ ↓ walk the tree (depth first, as the dump lists it), O shows only the selected view's
    /// subtree (again: all), X leaves it out (Escape: bring every view back), V hides or shows
    /// the outlines of hidden and transparent views. False for the rest,
    /// which stay the scene's.
    package func handle(_ key: Key, root: View) -> Bool {
        guard isOn else { return false }
        switch key {
        case .down, .up:
            let order = shownSlabs(of: root).map(\.view)
            guard !order.isEmpty else { return true }
            let index = selected.flatMap { current in order.firstIndex { $0 === current } }
            let next = key == .down ? (index.map { $0 + 1 } ?? 0) : (index.map { $0 - 1 } ?? order.count - 1)
            choose(order[min(max(next, 0), order.count - 1)])
        case Key(rawValue: "o"):
            soloRoot = soloRoot == nil ? selected : nil
            recentHeights = []
        case Key(rawValue: "v"):
            showsHiddenViews.toggle()
            recentHeights = []
        case Key(rawValue: "x"):
            if let selected, selected !== root { leftOut.append(WeakView(view: selected)) }
            recentHeights = []
        case .escape where soloRoot != nil || leftOut.contains(where: { $0.view != nil }):
            soloRoot = nil
            leftOut = []
            recentHeights = []
        default:
            return false
        }
        return true
    }

    /// The slabs shown: the solo subtree's if one is chosen, less the subtrees left out (and the
    /// hidden views unless they are shown as outlines).
    package func shownSlabs(of root: View) -> [ViewSlab] {
        let hidden = leftOut.compactMap(\.view)
        return DisplayListBuilder().slabs(of: root).filter { slab in
            if !showsHiddenViews, !slab.isVisible { return false }
            if let soloRoot, slab.view !== soloRoot, !slab.view.isDescendant(of: soloRoot) { return false }
            return !hidden.contains { slab.view === $0 || slab.view.isDescendant(of: $0) }
        }
    }

    /// The tree as the dock lists it: the views shown in the order ↑ ↓ walk them (depth first,
    /// as the dump lists them), indented by depth — the selected one and `reach` either side.
    package func treeLines(of root: View, reach: Int = 3) -> [(text: String, bold: Bool)] {
        let order = shownSlabs(of: root)
        guard !order.isEmpty else { return [] }
        let index = selected.flatMap { current in order.firstIndex { $0.view === current } }
        let lower = max(0, min((index ?? 0) - reach, order.count - reach * 2 - 1))
        let upper = min(order.count, lower + reach * 2 + 1)
        var lines: [(text: String, bold: Bool)] = [("tree: \(order.count) views (↑ ↓)", true)]
        if lower > 0 { lines.append(("   … \(lower) before", false)) }
        for position in lower..<upper {
            let slab = order[position]
            let indent = String(repeating: "  ", count: min(slab.depth, 10))
            let name = slab.view.accessibilityIdentifier ?? String(describing: type(of: slab.view))
            lines.append(((position == index ? "› " : "   ") + indent + name, position == index))
        }
        if upper < order.count { lines.append(("   … \(order.count - upper) after", false)) }
        return lines
    }

    /// What the panel says about the parts shown.
    package var partsShown: String? {
        let hiddenCount = leftOut.compactMap(\.view).count
        if let soloRoot { return "only \(soloRoot.animationName)'s subtree (O: all)" }
        return hiddenCount > 0 ? "\(hiddenCount) subtree(s) left out (Esc: all)" : nil
    }
}
