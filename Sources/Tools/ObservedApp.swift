import Controllers
import Graphics
import Motion
import Platform
import Rendering
import Views

/// What the tools (the motion lab, live tuning, the inspector) see of the app and may do with it
/// — the scene's frames and its tree to look at, the animator's records, the tunables, the files
/// they write — and nothing more: not the host or the backend. `AppHost` is the one implementation; a tool
/// written against it cannot reach into what it studies.
@MainActor
package protocol ObservedApp: AnyObject {
    // MARK: The scene on screen

    /// Its name ("rooms"…), as file names and the dump say it.
    var sceneName: String { get }
    /// Where the scene sits in the window, in points.
    var sceneFrame: Rect { get }
    /// The transition under way, if any.
    var runningTransition: TransitionContext? { get }
    /// The scene's view tree, to look at (the inspector explodes it; tools never change it).
    var sceneRoot: View { get }
    /// Whether slow work (reading a video) runs off the frame loop (a window) or at once (headless).
    var loadsInBackground: Bool { get }
    /// How text is measured (the inspector's tags).
    var contentMetrics: any ContentMetrics { get }
    /// The scene's Reduce Motion setting (M): its transitions cross-fade from the next one on.
    var reducesMotion: Bool { get set }

    // MARK: Frames

    /// The display list of the frame just built (what a film keeps).
    var lastDisplayList: DisplayList { get }
    /// Frames run since the app started, this one included (1 on the first).
    var frameNumber: Int { get }
    /// The app's own clock (the lab slows the animation clock, never this one).
    var clock: any Clock { get }
    /// What the renderer does, for the HUD.
    var renderFacts: RenderFacts { get }
    /// The pixels of the scene's area of the frame just drawn.
    func readScenePixels() -> PixelImage?
    /// The bytes one scene frame takes as pixels.
    var sceneFrameBytes: Int { get }
    /// Device pixels per point of the window: a recording's scale unless one is asked for.
    var pixelScale: Double { get }
    /// Draws `encoded` (a JPEG's or PNG's bytes) wherever a list draws `ImageRef(name)`: a
    /// picture made at run time (a reference video's frame); never reuse a name for other content.
    func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int)
    /// Lets a provided picture go.
    func withdrawPicture(named name: String)
    /// Draws `pixels` wherever a list draws `ImageRef(name)` (a picture computed at run time).
    func providePicture(named name: String, pixels: PixelImage)
    /// A JPEG's or PNG's bytes as pixels; nil when they are neither.
    func decodePicture(_ encoded: [UInt8]) -> PixelImage?
    /// A renderer of its own for a recording's frames (`size` points at `scale`).
    func makeOffscreenRenderer(size: Size, scale: Double) -> Result<any OffscreenRenderer, OffscreenRendererError>

    // MARK: The animator's records (lab-only features)

    /// While true, finished animations stay so a clock sent back shows them (a transition runs).
    var keepsFinishedAnimations: Bool { get set }
    /// The animations added since `time` on the animation clock, with their timing.
    func animationRecords(addedSince time: Double) -> [AnimationRecord]

    // MARK: The tunables

    var tuning: Tuning { get }

    // MARK: Files written

    /// Where captures, tunings and recordings go.
    var captures: CaptureStore { get }
    /// The app's one-line messages (problems).
    var diagnostics: Diagnostics { get }
    /// Says a file was written: on the terminal and as a toast.
    func announce(_ message: String)
    /// Whether a PNG of `bytes` may be queued now (a recording waits for room: `evenInWindow`).
    func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool
    /// Writes a PNG off the frame loop.
    func writePNG(_ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void)
    /// Blocks until every PNG write started so far is done.
    func waitForPendingWrites()
    /// Writes the scene's effect as code with the tuned values (C) and says where.
    func exportCode()
    /// A capture of this frame into the captures folder once it is drawn: the scene, or the
    /// whole window with the tools over it.
    func requestCapture(wholeWindow: Bool)
    /// A dump of this frame's tree into the captures folder.
    func requestDump()
    /// Says a file could not be written (on the terminal and as a toast); a headless run then
    /// exits 1.
    func reportProblem(_ message: String)
}

/// The renderer as the HUD tells it: textures alive, the optimisations asked for and in force, and
/// which renderer draws.
package struct RenderFacts {
    var textures: Int
    var options: RenderOptions
    var inForce: RenderOptions
    var renderer: String

    package init(textures: Int, options: RenderOptions, inForce: RenderOptions, renderer: String) {
        self.textures = textures
        self.options = options
        self.inForce = inForce
        self.renderer = renderer
    }
}
