import Controllers
import Foundation
import Graphics
import Motion
import Platform
import Scenes
import Tools
import Views

/// What the app shows now, as the runners, the tools and the dump ask it: the scene, whether
/// anything moves, and the line that says a file was written.
extension AppHost {
    /// Says that a file was written: on the terminal (`report`) and as a toast in the window.
    package func announce(_ message: String) {
        // A file name may hold anything a user typed: escaped as every problem's line is.
        let message = MessageText.quoted(message, limit: 2000)
        report(message)
        tools.showToast(message, isError: false, at: clock.now)
    }

    /// The scene on screen, as file names and the dump name it ("gallery", "rooms"…); the root's
    /// name when the root is not the app.
    public var sceneName: String { app?.currentScene.rawValue ?? rootViewController.dumpName }

    /// True while a present, dismiss, push or pop runs — on any stack on screen, nested ones too.
    public var isTransitioning: Bool {
        windowHost.isTransitioning
            || windowHost.visibleControllers.contains { ($0 as? NavigationController)?.isTransitioning == true }
    }

    /// The transition under way on screen (a modal one first, else a push or pop of any stack).
    public var runningTransition: TransitionContext? {
        if let modal = windowHost.activeTransition { return modal }
        for controller in windowHost.visibleControllers {
            if let active = (controller as? NavigationController)?.activeTransition { return active }
        }
        return nil
    }

    /// True while anything moves on its own (animations, deceleration); a replay steps until false.
    public var isAnimating: Bool { animator.isAnimating }
    /// True while a replay should keep stepping: something moves, or a recording is under way.
    /// (A paused clock counts as still: nothing will move until the script resumes it.)
    public var isBusy: Bool { (isAnimating && !lab.clock.isPaused) || lab.isRecording }

    /// Where the scene sits in the window, in points.
    public var sceneFrame: Rect { Rect(origin: .zero, size: window.bounds.size) }
}
