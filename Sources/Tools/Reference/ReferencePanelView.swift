import Foundation
import Graphics
import Views

/// The reference video in the dock: its frame at the moment of the transition the scene shows,
/// beneath a line that says what the video is and which frame shows (id `lab.reference`).
@MainActor
final class ReferencePanelView: View {
    let picture = ImageView(contentMode: .scaleAspectFit)
    /// Over the picture: a drag draws the box of an element to follow.
    let trackBox = TrackBoxView()
    /// Under the picture: the whole video, the start marked (a click moves it).
    let strip = VideoStripView()
    private let title = Label(font: .bold(13), color: .white)
    private let caption = Label(font: .system(12), color: Color(white: 0.8))
    /// Under the picture: the fit of the element followed (id `lab.reference.fit`).
    private let fitLabel = Label(font: .system(12), color: Color(hex: 0xFFB340))
    /// The fit's lines at most (a fit, how sure it is, and what A does).
    private static let fitLines = 6
    /// Under the fit: the tracked motion and the two fits drawn.
    let plot = FitPlotView()
    private let padding = 10.0
    /// The tallest the picture is drawn in the dock (the phone beside it is the full-size view).
    static let largestPictureHeight = 420.0
    /// The picture's aspect (height over width), once a video is loaded.
    var aspect = 844.0 / 390

    init() {
        super.init(frame: .zero)
        styleAsOverlayPanel()
        accessibilityIdentifier = "lab.reference"
        picture.accessibilityIdentifier = "lab.reference.picture"
        title.text = "Reference"
        caption.isLiveReadout = true
        caption.numberOfLines = 2
        fitLabel.accessibilityIdentifier = "lab.reference.fit"
        fitLabel.numberOfLines = Self.fitLines
        fitLabel.isHidden = true
        plot.isHidden = true
        for view in [title, caption, picture, trackBox, strip, fitLabel, plot] { addSubview(view) }
        // The box is drawn with the pointer on the picture.
        isUserInteractionEnabled = true
    }

    func show(summary: String, frameLine: String, fitLine: String? = nil) {
        caption.text = summary + "\n" + frameLine
        fitLabel.text = fitLine ?? ""
        if fitLabel.isHidden != (fitLine == nil) {
            fitLabel.isHidden = fitLine == nil
            superview?.setNeedsLayout()
        }
        setNeedsLayout()
    }

    /// The picture's size in a panel `width` wide: the panel's width less its padding, at most
    /// `largestPictureHeight` tall.
    private func pictureSize(inPanelWidth width: Double) -> Size {
        let height = min(max(width - padding * 2, 0) * aspect, Self.largestPictureHeight)
        return Size(width: height / aspect, height: height)
    }

    /// The fit's text as tall as its lines wrap to in a panel `width` wide.
    private func fitHeight(inPanelWidth width: Double) -> Double {
        ceil(fitLabel.sizeThatFits(Size(width: max(width - padding * 2, 1), height: .infinity)).height)
    }

    override func sizeThatFits(_ size: Size) -> Size {
        let height = pictureSize(inPanelWidth: size.width).height
        return Size(
            width: size.width,
            height: padding * 2 + 18 + 34 + 6 + height + VideoStripView.height
                + (fitLabel.isHidden ? 0 : fitHeight(inPanelWidth: size.width) + 6)
                + (plot.isHidden ? 0 : FitPlotView.height + 6))
    }

    override func layoutSubviews() {
        title.frame = Rect(x: padding, y: padding, width: bounds.width - padding * 2, height: 18)
        caption.frame = Rect(x: padding, y: padding + 18, width: bounds.width - padding * 2, height: 34)
        let shown = pictureSize(inPanelWidth: bounds.width)
        picture.frame = Rect(
            x: (bounds.width - shown.width) / 2, y: padding + 18 + 34 + 6, width: shown.width, height: shown.height)
        trackBox.frame = picture.frame
        strip.frame = Rect(
            x: padding, y: picture.frame.maxY, width: bounds.width - padding * 2, height: VideoStripView.height)
        fitLabel.frame = Rect(
            x: padding, y: strip.frame.maxY + 6, width: bounds.width - padding * 2,
            height: fitHeight(inPanelWidth: bounds.width))
        plot.frame = Rect(
            x: padding, y: fitLabel.frame.maxY + 6, width: bounds.width - padding * 2, height: FitPlotView.height)
    }
}
