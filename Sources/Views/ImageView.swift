import Graphics

/// How an image fills its view, as UIView.ContentMode.
public enum ContentMode: Sendable {
    /// Stretch to the bounds.
    case scaleToFill
    /// Whole image visible, letterboxed.
    case scaleAspectFit
    /// Bounds covered, the overflow cropped (drawn from a cropped source, so no clip is needed).
    case scaleAspectFill
}

/// Shows an asset image. A missing image draws a visible placeholder and is reported once.
@MainActor
open class ImageView: View {
    /// Setting a picture asks the backend to start decoding it, so the frame that first shows
    /// it need not wait. Setting the same picture again asks again: a reused cell shows it after
    /// a while, and the backend may have let it go meanwhile (it ignores pictures it holds).
    public var image: ImageRef? {
        didSet { if let image { contentMetrics.prefetch(image) } }
    }
    public var contentMode: ContentMode = .scaleAspectFill
    /// The point of the picture (unit coordinates) an aspect-fill crop centres on, as far as the
    /// picture reaches: an illustration whose subject sits above the middle keeps it in frame
    /// when a wide view crops away most of the height.
    public var focus = Point(x: 0.5, y: 0.5)

    public init(image: ImageRef? = nil, contentMode: ContentMode = .scaleAspectFill) {
        self.image = image
        self.contentMode = contentMode
        super.init(frame: .zero)
        isUserInteractionEnabled = false
    }

    open override func drawContent(in context: inout DrawingContext) {
        guard let image else { return }
        guard let size = contentMetrics.size(of: image), size.width > 0, size.height > 0 else {
            context.missing(context.bounds, label: image.name)
            return
        }
        let placement = ImagePlacement(imageSize: size, bounds: context.bounds, mode: contentMode, focus: focus)
        // A rounded, clipping image view shows its picture inside the rounded shape, as UIKit's layer mask.
        let radius = clipsToBounds ? presented.cornerRadius : 0
        context.image(image, source: placement.source, in: placement.destination, cornerRadius: radius)
    }
}

/// Where an image's pixels go for a content mode: `source` in unit image coordinates, `destination` in view points.
public struct ImagePlacement: Equatable, Sendable {
    public var source: Rect
    public var destination: Rect

    public init(imageSize: Size, bounds: Rect, mode: ContentMode, focus: Point = Point(x: 0.5, y: 0.5)) {
        let unit = Rect(x: 0, y: 0, width: 1, height: 1)
        let imageAspect = imageSize.width / imageSize.height
        let boundsAspect = bounds.height > 0 ? bounds.width / bounds.height : imageAspect
        switch mode {
        case .scaleToFill:
            source = unit
            destination = bounds
        case .scaleAspectFit:
            source = unit
            if imageAspect > boundsAspect {
                let height = bounds.width / imageAspect
                destination = Rect(x: bounds.minX, y: bounds.midY - height / 2, width: bounds.width, height: height)
            } else {
                let width = bounds.height * imageAspect
                destination = Rect(x: bounds.midX - width / 2, y: bounds.minY, width: width, height: bounds.height)
            }
        case .scaleAspectFill:
            destination = bounds
            if imageAspect > boundsAspect {
                let visible = boundsAspect / imageAspect
                source = Rect(x: Self.cropStart(visible: visible, focus: focus.x), y: 0, width: visible, height: 1)
            } else {
                let visible = imageAspect / boundsAspect
                source = Rect(x: 0, y: Self.cropStart(visible: visible, focus: focus.y), width: 1, height: visible)
            }
        }
    }

    /// Where a crop of `visible` (0…1) starts so that it is centred on `focus`, inside the picture.
    static func cropStart(visible: Double, focus: Double) -> Double {
        guard focus.isFinite else { return (1 - visible) / 2 }
        return min(max(focus - visible / 2, 0), 1 - visible)
    }
}

extension View {
    /// The pictures this subtree's image views show (hidden ones left out): what a screen about
    /// to come in needs decoded.
    public var shownPictures: [ImageRef] {
        guard !isHidden else { return [] }
        var pictures: [ImageRef] = []
        if let imageView = self as? ImageView, let image = imageView.image { pictures.append(image) }
        for child in subviews { pictures += child.shownPictures }
        return pictures
    }
}
