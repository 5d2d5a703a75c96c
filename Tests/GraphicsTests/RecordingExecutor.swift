import Graphics

@testable import Rendering

/// An executor that draws nothing and remembers what it was asked: the textures it made and let
/// go, and how many drawing calls reached it, so the drawing's choices (what to keep, what to
/// draw at all) are tested without a graphics library.
@MainActor
final class RecordingExecutor: RenderExecutor {
    let capabilities = ExecutorCapabilities(
        isSoftware: true, composesPremultiplied: false, offersAlphaLessTargets: true)
    let hasFonts = false
    private var nextTexture = 1
    /// Textures made and not let go, with their sizes.
    private(set) var live: [ExecutorTexture: (width: Int32, height: Int32)] = [:]
    private(set) var texturesMade = 0
    /// Fills, copies and triangles drawn (onto any target).
    private(set) var drawingCalls = 0

    private func make(_ width: Int32, _ height: Int32) -> ExecutorTexture? {
        guard width > 0, height > 0, let pointer = OpaquePointer(bitPattern: nextTexture * 16) else { return nil }
        nextTexture += 1
        texturesMade += 1
        let texture = ExecutorTexture(pointer)
        live[texture] = (width, height)
        return texture
    }

    func makeTarget(width: Int32, height: Int32, hasAlpha: Bool) -> ExecutorTexture? { make(width, height) }
    func makeImageTexture(width: Int32, height: Int32) -> ExecutorTexture? { make(width, height) }
    func replacePixels(of texture: ExecutorTexture, with image: PixelImage) {}
    func makeTextTexture(_ text: String, font: Font, pixelScale: Double) -> SizedTexture? { nil }
    func destroy(_ texture: ExecutorTexture) { live[texture] = nil }
    func setTarget(_ texture: ExecutorTexture?) {}
    func setClip(_ rect: PixelBox?) {}
    func clear(_ color: RGBA8) {}
    func fill(_ rects: [PixelBox], color: RGBA8, blend: ExecutorBlend) { drawingCalls += 1 }
    func copy(_ texture: ExecutorTexture, source: PixelBox?, destination: FloatBox, paint: TexturePaint) {
        drawingCalls += 1
    }
    func drawTriangles(
        _ vertices: [ExecutorVertex], indices: UnsafeBufferPointer<Int32>, texture: ExecutorTexture?,
        paint: TexturePaint
    ) { drawingCalls += 1 }
    func drawLine(from start: (x: Float, y: Float), to end: (x: Float, y: Float), color: RGBA8) { drawingCalls += 1 }
    func readPixels(_ rect: PixelBox) -> [UInt32]? { [UInt32](repeating: 0, count: Int(rect.w) * Int(rect.h)) }
    func writePixels(_ pixels: [UInt32], into texture: ExecutorTexture, rect: PixelBox) {}
}

/// Pictures of a given size, made on demand (decoded at once, as headless runs do), counting
/// uploads and evictions.
@MainActor
final class CountingPictureSource: PictureSource {
    private let executor: RecordingExecutor
    private let side: Int32
    private(set) var uploads: [String] = []
    private(set) var evictions: [String] = []
    private(set) var largestDrawnSide: Int?

    init(executor: RecordingExecutor, side: Int32) {
        self.executor = executor
        self.side = side
    }

    let generation = 0
    let decodesInBackground = false
    let hasDecodedWaiting = false
    func receiveDecoded() -> [String] { [] }
    func decodeWorkingBytes(of image: ImageRef) -> Int { 0 }
    func isOpaque(_ image: ImageRef) -> Bool { true }
    func didEvict(_ image: ImageRef) { evictions.append(image.name) }
    func setLargestDrawnSide(_ side: Int) { largestDrawnSide = side }
    func takeWithdrawn() -> [String] { [] }

    func upload(_ image: ImageRef) -> PictureUpload {
        guard let texture = executor.makeImageTexture(width: side, height: side) else { return .missing }
        uploads.append(image.name)
        return .made(SizedTexture(texture: texture, width: side, height: side))
    }
}
