import Graphics

/// What a scroll view tells its owner, as UIScrollViewDelegate. All methods are optional.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: ScrollView)
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// `velocity` is in points per second (of content offset); change `targetContentOffset` to
    /// choose where it comes to rest — the motion there still looks like deceleration.
    func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point)
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool)
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: ScrollView, velocity: Point, targetContentOffset: inout Point) {
    }
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate: Bool) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
