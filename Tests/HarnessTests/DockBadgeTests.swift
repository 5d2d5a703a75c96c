import Graphics
import Testing
import Views

@testable import Harness
@testable import Tools

/// The lab's badge at the foot of the dock never covers the dock's last panel.
@MainActor
@Suite struct DockBadgeTests {
    /// The lab's badge sits at the foot of a dock beside the phone: the column keeps room for it,
    /// so scrolled to its end the last panel ends above the badge instead of under it.
    @Test func theLastPanelScrollsClearOfTheBadge() throws {
        let video = try #require(ReferenceToolTests.video, "ffmpeg made the video")
        let app = try HeadlessApp(scene: .rooms)
        defer { app.finish() }
        try app.replay(
            #"{"events":[{"at":0.05,"type":"reference","file":"\#(video)"},{"at":0.1,"type":"key","key":"t"},{"at":0.15,"type":"key","key":"g"},"#
                + #"{"at":0.2,"type":"key","key":"h"},{"at":0.25,"type":"key","key":"question"},"#
                + #"{"at":0.3,"type":"key","key":"s"},{"at":0.4,"type":"hover","x":570,"y":500},"#
                + #"{"at":0.45,"type":"wheel","dy":-5000}]}"#)
        // Long enough for the scroll to come back from its rubber band to the end.
        app.frames(180)
        let dock = app.host.tools.dock
        let badge = app.host.lab.badge
        #expect(!badge.isHidden, "the badge shows (S)")
        let badgeTop = badge.convert(Point(x: 0, y: 0), to: nil).y
        let lowest =
            dock.scroll.subviews.filter {
                !$0.isHidden && !($0.accessibilityIdentifier ?? "").hasPrefix("scroll.indicator")
            }.map { $0.convert(Point(x: 0, y: $0.bounds.height), to: nil).y }
            .max() ?? 0
        #expect(lowest <= badgeTop, "the last panel ends at \(lowest), the badge begins at \(badgeTop)")
    }
}
