import Graphics

/// What a view's `drawContent` draws into: local coordinates in, window-space commands out.
public struct DrawingContext {
    /// The view's bounds as they are on screen now (its presentation), which is what its content
    /// is laid out in: mid-animation the model already holds the final size, and content drawn in
    /// the model's bounds would jump to it on the first frame while the frame around it grows.
    public let bounds: Rect
    /// Local → window for the view being drawn.
    public let transform: AffineTransform
    /// Alpha to multiply into this view's content (effective alpha, or relative to the enclosing group).
    public let alpha: Double
    /// The window-space clip, used to skip content that cannot be seen.
    public let clip: Rect
    var commands: [DrawCommand] = []

    init(bounds: Rect, transform: AffineTransform, alpha: Double, clip: Rect) {
        self.bounds = bounds
        self.transform = transform
        self.alpha = alpha
        self.clip = clip
    }

    public var scale: Double { transform.uniformScale }

    public mutating func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0) {
        let target = transform.apply(to: rect)
        guard color.alpha * alpha > 0, target.intersects(clip) else { return }
        commands.append(
            .fill(
                rect: target, color: color.withAlpha(color.alpha * alpha),
                cornerRadius: cornerRadius * scale))
    }

    public mutating func image(_ image: ImageRef, source: Rect, in rect: Rect, cornerRadius: Double = 0) {
        let target = transform.apply(to: rect)
        guard alpha > 0, target.intersects(clip) else { return }
        commands.append(
            .image(image, source: source, destination: target, cornerRadius: cornerRadius * scale, alpha: alpha))
    }

    /// One line of text whose line box starts at `origin` (local coordinates).
    public mutating func text(_ string: String, font: Font, color: Color, at origin: Point, lineSize: Size) {
        let target = transform.apply(to: Rect(origin: origin, size: lineSize))
        guard !string.isEmpty, color.alpha * alpha > 0, target.intersects(clip) else { return }
        commands.append(
            .text(
                string, font: font, color: color.withAlpha(color.alpha * alpha), frame: target,
                scale: scale))
    }

    /// Replays recorded commands (a snapshot) through this context's transform and alpha,
    /// skipping what lies outside the clip.
    public mutating func replay(_ recorded: [DrawCommand]) {
        for command in recorded {
            let placed = command.transformed(by: transform).multiplyingAlpha(by: alpha)
            if let covered = placed.coveredRect, !covered.intersects(clip) {
                if case .pushClip = placed {} else if case .beginGroup = placed {} else { continue }
            }
            commands.append(placed)
        }
    }

    public mutating func missing(_ rect: Rect, label: String) {
        let target = transform.apply(to: rect)
        guard target.intersects(clip) else { return }
        commands.append(.missing(rect: target, label: label))
    }
}
