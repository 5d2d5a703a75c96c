import Graphics

extension ScrollView: WheelScrollable {
    /// A wheel burst moves the content like a finger (rubber band included); when the wheel
    /// pauses, it is released like a drag, so snapping and paging hooks apply to it too.
    public func scrollWheel(delta: Point, time: Double) -> Bool {
        guard isScrollEnabled, !isDragging else { return false }
        var d = delta
        // A vertical wheel scrolls content that only moves sideways.
        if !scrolls(axis: 1) && scrolls(axis: 0) && d.x == 0 { d = Point(x: d.y, y: 0) }
        guard (d.x != 0 && scrolls(axis: 0)) || (d.y != 0 && scrolls(axis: 1)) else { return false }
        if wheelBurst == nil {
            // Told before the motion under way stops, so the delegate can see where it was
            // heading (a paging row pages on from there with each notch).
            delegate?.scrollViewWillBeginDragging(self)
            beginWheel(at: time)
            showIndicators()
            startTicking()
        }
        guard let raw = wheelBurst?.add(d, at: time) else { return false }
        contentOffset = rubberBanded(raw)
        return true
    }
}
