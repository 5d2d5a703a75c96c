import Foundation
import Graphics
import Motion
import PlatformSDL
import Testing

@testable import Harness
@testable import Teardown

/// The room's panel followed through the app's own recording of a room opening, re-encoded at
/// 30 fps as a phone's screen recording would be: the panel's picture crops and zooms as it grows,
/// so its look is lost within a few frames, and the page around it follows it instead; its spring
/// is recovered though the panel fills the screen after a few frames.
@MainActor @Suite(.serialized) struct PanelTrackingTests {
    /// The panel's box when the room is closed (points), as the rooms scene lays it out.
    static let closedPanel = TrackedBox(x: 78, y: 169, width: 234, height: 506)

    /// A room opening recorded with the spring tuned to `damping` over `duration`, at 30 fps.
    static func recording(damping: Double, duration: Double, in app: HeadlessApp) throws -> String {
        let folder = app.path("recording")
        try app.replay(
            #"{"events":[{"at":0.1,"type":"tune","name":"rooms.present.damping","value":\#(damping)},"#
                + #"{"at":0.1,"type":"tune","name":"rooms.present.duration","value":\#(duration)},"#
                + #"{"at":0.2,"type":"record","dir":"\#(folder)","duration":1.3,"format":"mp4"},"#
                + #"{"at":0.5,"type":"key","key":"enter"},{"at":1.6,"type":"dump","file":"\#(app.path("end.json"))"}]}"#
        )
        app.host.lab.finishRecording()
        let ffmpeg = try #require(Executable.find("ffmpeg"))
        let video = app.path("phone.mp4")
        let encode = Process()
        encode.executableURL = URL(fileURLWithPath: ffmpeg)
        encode.arguments = [
            "-v", "error", "-nostdin", "-y", "-i", folder + "/recording.mp4", "-r", "30", "-c:v", "libx264", "-preset",
            "veryfast", "-crf",
            "23", "-pix_fmt", "yuv420p", video,
        ]
        try encode.run()
        encode.waitUntilExit()
        #expect(encode.terminationStatus == 0)
        return video
    }

    /// At 3× and a slow spring, the panel's look kept matching its zooming header as the panel
    /// grew, with a box ever shorter: the page's track is taken there too.
    @Test(arguments: [(0.7, 0.6, 1.0), (0.85, 0.9, 1.0), (0.9, 1.2, 3.0)])
    func thePanelIsFollowedByThePageAroundItAndItsSpringRecovered(damping: Double, duration: Double, scale: Double)
        throws
    {
        let app = try HeadlessApp(scene: .rooms, scale: scale)
        defer { app.finish() }
        let video = try Self.recording(damping: damping, duration: duration, in: app)
        let result = try VideoFit.run(VideoFit.Request(file: video, box: Self.closedPanel.scaled(by: scale)))
        #expect(result.tracker == .region, "the panel's look changes as it grows: the page follows it")
        #expect(result.lostAt == nil)
        #expect(result.property == "height")
        // The panel grows about its middle: each pair of its sides stays as far either side of it
        // on every frame until they reach the screen's edges.
        let panel = Self.closedPanel
        for sample in result.track {
            let box = sample.box.scaled(by: 1 / scale)
            if box.x > 2 && box.x + box.width < 388 {
                #expect(abs(box.x + box.width / 2 - (panel.x + panel.width / 2)) <= 4, "x at \(sample.time) s: \(box)")
            }
            if box.y > 2 && box.y + box.height < 842 {
                #expect(
                    abs(box.y + box.height / 2 - (panel.y + panel.height / 2)) <= 4, "y at \(sample.time) s: \(box)")
            }
        }
        // It ends filling the screen.
        let last = try #require(result.track.last?.box.scaled(by: 1 / scale))
        #expect(last.x <= 1 && last.y <= 1 && last.width >= 388 && last.height >= 842, "\(last)")
        #expect(result.pastEdgeAt != nil, "the panel reaches past the screen's edges as it overshoots")
        #expect(
            result.best == "spring",
            "spring \(result.spring.error) px, Bézier \(result.bezier.error) px over \(result.track.count)")
        #expect(abs(result.spring.dampingRatio - damping) <= 0.05, "damping \(result.spring.dampingRatio)")
        #expect(abs(result.spring.duration - duration) <= duration * 0.05, "duration \(result.spring.duration)")
    }
}
