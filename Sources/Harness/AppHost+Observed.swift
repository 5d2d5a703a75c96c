import Controllers
import Graphics
import Motion
import Platform
import Tools
import Views

/// The host as its tools see it (`ObservedApp`).
extension AppHost: ObservedApp {
    package var renderFacts: RenderFacts {
        RenderFacts(
            textures: backend.liveTextureCount, options: backend.renderOptions,
            inForce: backend.renderOptionsInForce, renderer: backend.rendererSummary)
    }

    package var sceneRoot: View { window }

    package func providePicture(named name: String, encoded: [UInt8], width: Int, height: Int) {
        backend.providePicture(named: name, encoded: encoded, width: width, height: height)
    }

    package func withdrawPicture(named name: String) { backend.withdrawPicture(named: name) }

    package func providePicture(named name: String, pixels: PixelImage) {
        backend.providePicture(named: name, pixels: pixels)
    }

    package func decodePicture(_ encoded: [UInt8]) -> PixelImage? { backend.decodePicture(encoded) }

    package func requestCapture(wholeWindow: Bool) {
        let path = captures.nextPath(scene: sceneName, extension: "png")
        if wholeWindow { pendingWindowCaptures.append(path) } else { pendingCaptures.append(path) }
    }

    package func requestDump() { pendingDumps.append(captures.nextPath(scene: sceneName, extension: "json")) }

    package var contentMetrics: any ContentMetrics { backend.metrics }

    package func readScenePixels() -> PixelImage? { backend.readPixels(in: sceneFrame) }

    package var sceneFrameBytes: Int { InputLimits.frameBytes(of: sceneFrame.size, scale: backend.pixelScale) }

    package var pixelScale: Double { backend.pixelScale }

    package func makeOffscreenRenderer(size: Size, scale: Double) -> Result<
        any OffscreenRenderer, OffscreenRendererError
    > {
        backend.makeOffscreenRenderer(size: size, scale: scale)
    }

    package var reducesMotion: Bool {
        get { window.accessibility.reducesMotion }
        set { window.accessibility.reducesMotion = newValue }
    }

    package var keepsFinishedAnimations: Bool {
        get { animator.retainsFinishedAnimations }
        set { animator.retainsFinishedAnimations = newValue }
    }

    package func animationRecords(addedSince time: Double) -> [AnimationRecord] {
        animationLog.records(addedSince: time)
    }

    package var diagnostics: Diagnostics { backend.diagnostics }

    package func makeRoomForWrite(ofBytes bytes: Int, evenInWindow: Bool) -> Bool {
        backend.makeRoomForWrite(ofBytes: bytes, evenInWindow: evenInWindow)
    }

    package func writePNG(
        _ image: PixelImage, to path: String, completion: @escaping @MainActor @Sendable (String?) -> Void
    ) {
        backend.writePNG(image, to: path, completion: completion)
    }

    package func waitForPendingWrites() { backend.waitForPendingWrites() }

    package func reportProblem(_ message: String) {
        backend.diagnostics.say(message)
        hadWriteFailure = true
    }
}
