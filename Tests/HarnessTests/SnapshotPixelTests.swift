import Foundation
import Graphics
import PlatformSDL
import Testing
import Views

@testable import Harness
@testable import Tools

/// A snapshot must look exactly like what it froze: swap the real view for its snapshot and
/// the software renderer's pixels do not change.
@MainActor
@Suite(.serialized) struct SnapshotPixelTests {
    @Test func aSnapshotOfTheListDrawsTheSamePixels() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        let before = try app.captureFrame("before.png")
        let card = try #require(app.host.window.descendant(withIdentifier: "gallery.list"))
        let snapshot = card.snapshot()
        snapshot.frame = card.frame
        card.superview?.addSubview(snapshot)
        card.isHidden = true
        let after = try app.captureFrame("after.png")
        #expect(before.maximumChannelDifference(to: after) == 0)
    }

    @Test func aRegionSnapshotMovedElsewhereShowsThatRegion() throws {
        let app = try HeadlessApp()
        defer { app.finish() }
        let before = try app.captureFrame("before.png")
        let gallery = try #require(app.host.window.descendant(withIdentifier: "gallery"))
        // The top 300 pt, frozen and laid over the screen shifted down by 400 pt.
        let region = gallery.snapshot(of: Rect(x: 0, y: 0, width: 390, height: 300))
        region.frame = Rect(x: 0, y: 400, width: 390, height: 300)
        app.host.window.addSubview(region)
        let after = try app.captureFrame("after.png")
        for (x, y) in [(56, 172), (30, 70), (200, 150), (380, 290)] {
            #expect(after.pixel(x: x, y: y + 400) == before.pixel(x: x, y: y))
        }
    }
}
