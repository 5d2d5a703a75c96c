/// What a kept texture in `RenderResources.layers` is kept for, so a view's rasterized layer and
/// the inspector's copy of the same view's picture never share a key (they were told apart by a
/// negated id): a view's layer (`.layer`), a transformed picture's copy at the size it is shown
/// (`.transformed` pictures, by their picture id), or a spare copy's texture waiting for the next
/// copy of about its size. Ordered so the search for the snuggest spare picks the same one on
/// every run.
enum LayerKey: Hashable, Comparable, CustomStringConvertible {
    case spare(Int)
    case shownCopy(Int)
    case view(Int)

    /// As reflection spells it (`view(12)`), without reflecting: the keep policy's tie-breaking
    /// name, worked out for every kept layer whenever one must go.
    var description: String {
        switch self {
        case .spare(let id): "spare(\(id))"
        case .shownCopy(let id): "shownCopy(\(id))"
        case .view(let id): "view(\(id))"
        }
    }
}
