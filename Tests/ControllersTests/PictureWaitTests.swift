import Controllers
import Graphics
import Motion
import Testing
import Views

/// Metrics whose pictures decode in the background: each named one is ready `framesToDecode`
/// checks after it was first asked for.
@MainActor
final class SlowDecodingMetrics: ContentMetrics {
    var framesToDecode: Int
    private(set) var asked: [String: Int] = [:]
    private var checks = 0

    init(framesToDecode: Int) { self.framesToDecode = framesToDecode }

    func width(of text: String, font: Font) -> Double { Double(text.count) * font.size / 2 }
    func lineHeight(of font: Font) -> Double { font.size * 1.2 }
    func size(of image: ImageRef) -> Size? { Size(width: 100, height: 100) }
    func prefetch(_ image: ImageRef) { if asked[image.name] == nil { asked[image.name] = checks } }
    func isReady(_ image: ImageRef) -> Bool {
        checks += 1
        guard let since = asked[image.name] else { return false }
        return checks - since > framesToDecode
    }
}

/// A screen with a picture.
@MainActor
final class PictureScreen: ViewController {
    override func loadView() -> View {
        let root = View()
        root.backgroundColor = .white
        let picture = ImageView(image: ImageRef("room-trail"))
        picture.frame = Rect(x: 0, y: 100, width: 390, height: 300)
        root.addSubview(picture)
        return root
    }
}

/// A pushed screen comes in with its pictures: the push waits (a few frames at most) for their
/// decodes, as UIKit's first commit of a new screen decodes its images, instead of sliding in
/// placeholders (Rooms opened from the gallery showed slate panels for four frames).
@MainActor
@Suite(.serialized) struct PictureWaitTests {
    func pushStart(framesToDecode: Int) -> (startFrame: Int?, asked: Bool) {
        let first = Screen("first", log: Log())
        let navigation = NavigationController(rootViewController: first)
        let stage = Stage(root: navigation)
        let metrics = SlowDecodingMetrics(framesToDecode: framesToDecode)
        stage.window.metrics = metrics
        navigation.pushViewController(PictureScreen(title: "pictures"))
        var started: Int?
        for frame in 1...40 {
            stage.step()
            // Begun: the new screen is on the stack and on its way in.
            if started == nil, let top = navigation.topViewController as? PictureScreen, top.view.superview != nil {
                started = frame
            }
        }
        return (started, metrics.asked["room-trail"] != nil)
    }

    @Test func aPushWaitsForItsScreensPicturesThenSlidesIn() {
        let waited = pushStart(framesToDecode: 4)
        #expect(waited.asked, "the picture was asked for before the push began")
        let start = waited.startFrame ?? -1
        #expect((4...7).contains(start), "the push began at frame \(start), once the picture was decoded")
    }

    @Test func aPictureThatNeverDecodesHoldsThePushAQuarterSecondAtMost() {
        let start = pushStart(framesToDecode: 10_000).startFrame ?? 0
        #expect((15...18).contains(start), "the push began at frame \(start)")
    }

    @Test func readyPicturesStartThePushAtOnce() {
        #expect((1...2).contains(pushStart(framesToDecode: 0).startFrame ?? 0))
    }
}
