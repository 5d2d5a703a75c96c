import Graphics
import Motion

/// A rectangle in the retained tree: geometry, appearance, children, gesture recognizers.
///
/// Main-actor bound, as UIView: the frame loop is the only thing that touches the tree.
@MainActor
open class View {
    /// The stable name used by the tree dump and by tests ("rooms.panel.3").
    public var accessibilityIdentifier: String?
    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    public var isHidden = false
    public var clipsToBounds = false
    public var isUserInteractionEnabled = true
    /// Made by a transition and gone when it ends (a snapshot, a slice, a wrapper, a dimming
    /// view): the teardown inspector marks it in its own colour. Set by whoever makes it.
    public var existsOnlyForTransition = false
    public var shadow: Shadow?
    /// Draw this subtree once into a bitmap and reuse it while its content is unchanged and it
    /// only moves or scales (CALayer.shouldRasterize). For static, costly subtrees such as the
    /// Rooms panels. Its own shadow is cut at its bounds: put shadows on a parent.
    public var shouldRasterize = false
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// What code set last.
    public private(set) var model = LayerState()
    /// What is on screen while an animation runs; nil when it equals the model.
    public private(set) var presentation: LayerState?
    /// What drawing, hit testing and the tree dump use.
    public var presented: LayerState { presentation ?? model }

    private(set) var needsLayout = true

    /// This view's identity in what the renderer keeps between frames (a rasterized layer's
    /// texture): never handed to another view, as an object's address can be once it is freed.
    public let renderIdentity: Int = View.nextRenderIdentity()

    private static var identitiesMade = 0
    private static func nextRenderIdentity() -> Int {
        identitiesMade += 1
        return identitiesMade
    }

    public init(frame: Rect = .zero) {
        self.frame = frame
    }

    // MARK: Geometry

    public var bounds: Rect {
        get { model.bounds }
        set {
            AnimationTransaction.willChange(self, .bounds)
            let resized = newValue.size != model.bounds.size
            model.bounds = newValue
            modelDidChange()
            if resized { setNeedsLayout() }
        }
    }

    public var center: Point {
        get { model.center }
        set {
            AnimationTransaction.willChange(self, .center)
            model.center = newValue
            modelDidChange()
        }
    }

    public var transform: AffineTransform {
        get { model.transform }
        set {
            AnimationTransaction.willChange(self, .transform)
            model.transform = newValue
            modelDidChange()
        }
    }

    /// The bounding box of the transformed bounds in the superview. Setting it keeps the
    /// transform and resizes the bounds, which is only meaningful under identity (as UIKit).
    public var frame: Rect {
        get { model.toSuperview.apply(to: Rect(origin: model.bounds.origin, size: model.bounds.size)) }
        set {
            bounds = Rect(origin: model.bounds.origin, size: newValue.size)
            center = newValue.center
        }
    }

    public var alpha: Double {
        get { model.alpha }
        set {
            AnimationTransaction.willChange(self, .alpha)
            model.alpha = newValue
            modelDidChange()
        }
    }

    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set {
            AnimationTransaction.willChange(self, .backgroundColor)
            model.backgroundColor = newValue
            modelDidChange()
        }
    }

    public var cornerRadius: Double {
        get { model.cornerRadius }
        set {
            AnimationTransaction.willChange(self, .cornerRadius)
            model.cornerRadius = newValue
            modelDidChange()
        }
    }

    /// Offsets of animations in flight, added to the model to give the presentation.
    var presentationOffsets: [AnimatableProperty: [Double]] = [:]

    /// Recomputes the presentation after the model or an offset changed.
    func modelDidChange() {
        guard !presentationOffsets.isEmpty else {
            if presentation != nil {
                presentation = nil
                presentationDidChange()
            }
            return
        }
        var shown = model
        for (property, offset) in presentationOffsets {
            let base = components(of: model, property)
            shown = setting(zip(base, offset).map { $0 + $1 }, for: property, in: shown)
        }
        let sizeChanged = shown.bounds.size != presented.bounds.size
        presentation = shown
        if sizeChanged { setNeedsLayout() }
        presentationDidChange()
    }

    /// Called when what is on screen changed; scroll views use it to keep their content in step.
    open func presentationDidChange() {}

    // MARK: Hierarchy

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    public func insertSubview(_ view: View, at index: Int) {
        if view === self { return }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        setNeedsLayout()
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        insertSubview(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        subviews.removeAll { $0 === view }
        subviews.append(view)
    }

    public func isDescendant(of view: View) -> Bool {
        var node: View? = self
        while let current = node {
            if current === view { return true }
            node = current.superview
        }
        return false
    }

    /// The top of this view's tree (the window when attached).
    public var root: View {
        var node = self
        while let parent = node.superview { node = parent }
        return node
    }

    /// Depth-first search by accessibility identifier, self included.
    public func descendant(withIdentifier identifier: String) -> View? {
        if accessibilityIdentifier == identifier { return self }
        for child in subviews {
            if let found = child.descendant(withIdentifier: identifier) { return found }
        }
        return nil
    }

    // MARK: Layout

    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out this view if it asked to be, then its subviews, top-down as UIKit does.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            // A layout pass outside an animation moves views to where their new size puts them;
            // an animation in flight on one carries on from there (its start moves with it), so a
            // resize mid-transition neither strands a view at the old layout nor snaps it back.
            if let animator = window?.animator, !AnimationTransaction.isActive {
                animator.retarget { layoutSubviews() }
            } else {
                layoutSubviews()
            }
        }
        for child in subviews { child.layoutIfNeeded() }
    }

    /// Override to position subviews from `bounds`; called when the size changed or layout was requested.
    open func layoutSubviews() {}

    /// The size this view would like inside `size`; the default keeps its current size.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    public func sizeToFit() {
        let fitted = sizeThatFits(Size(width: Double.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        frame = Rect(origin: frame.origin, size: fitted)
    }

    // MARK: Drawing

    /// Override to add content beyond the background (text, images) in local coordinates.
    open func drawContent(in context: inout DrawingContext) {}

    // MARK: Gestures

    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.removeFromView()
        gestureRecognizers.append(recognizer)
        recognizer.attach(to: self)
    }

    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.detach() }
    }
}
