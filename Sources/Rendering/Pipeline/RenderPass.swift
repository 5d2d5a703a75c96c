import Graphics

/// What a pass may know about where the list is drawn.
public struct PassContext {
    /// The area the list is shown in, in points (the list's own viewport, else the window).
    public var viewport: Rect
    /// Whether a picture has no transparent pixel (the backend knows once it has decoded it).
    public var isOpaqueImage: (ImageRef) -> Bool
    /// What drawing costs on the renderer the list goes to (thresholds of the passes).
    public var costModel: RenderCostModel
    /// Device pixels per point: where the renderer's whole pixels lie (a pass that cuts a rect
    /// must not leave a piece that covers no pixel, which the renderer would draw as a hairline).
    public var pixelScale: Double

    public init(
        viewport: Rect, isOpaqueImage: @escaping (ImageRef) -> Bool = { _ in false },
        costModel: RenderCostModel = .softwareRenderer, pixelScale: Double = 1
    ) {
        self.viewport = viewport
        self.isOpaqueImage = isOpaqueImage
        self.costModel = costModel
        self.pixelScale = pixelScale
    }
}

/// One named rewrite of a display list that draws the same picture for less work. A pass is a
/// pure function of the list and the context: each is tested alone, and the check
/// (`--render-check`) switches passes off one at a time to find the one that changed a frame.
public protocol RenderPass: Sendable {
    /// The switch that turns it on.
    var option: RenderOptions { get }
    func apply(to list: DisplayList, in context: PassContext) -> DisplayList
}
