import Foundation
import Motion
import Testing

@testable import Teardown

/// `--fit` on videos of a known motion the app never tuned to: the card is followed to within two
/// video pixels on every frame, and its spring (damping within 0.05, duration within 5 %) or its
/// Bézier curve (duration within 5 %) is recovered and named.
@Suite(.serialized) struct VideoFitTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "teardowns-fit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func fit(_ motion: TeardownVideos.Motion, named name: String) throws -> VideoFit.Result {
        let path = try #require(TeardownVideos.make(motion, named: name, in: folder), "ffmpeg made the video")
        let result = try VideoFit.run(VideoFit.Request(file: path, box: TeardownVideos.firstBox(of: motion)))
        let frames = motion.frames
        #expect(result.track.count == frames.count)
        for (index, sample) in result.track.enumerated() where index < frames.count {
            #expect(abs(sample.time - Double(index) / motion.fps) < 0.002, "frame \(index)'s time \(sample.time)")
            #expect(
                abs(sample.box.x - Double(frames[index])) <= 2,
                "frame \(index): x \(sample.box.x), not \(frames[index])")
            #expect(abs(sample.box.y - Double(motion.top)) <= 2, "frame \(index): y \(sample.box.y)")
            #expect(
                abs(sample.box.width - Double(TeardownVideos.card.width)) <= 2,
                "frame \(index): width \(sample.box.width)")
            #expect(
                abs(sample.box.height - Double(TeardownVideos.card.height)) <= 2,
                "frame \(index): height \(sample.box.height)")
        }
        #expect(result.property == "x")
        return result
    }

    @Test(arguments: [30.0, 60.0])
    func aKnownSpringIsRecovered(fps: Double) throws {
        let (dampingRatio, response) = (0.62, 0.38)
        let result = try fit(
            TeardownVideos.spring(dampingRatio: dampingRatio, response: response, fps: fps), named: "spring-\(Int(fps))"
        )
        let expectedDuration =
            SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: dampingRatio) / (2 * Double.pi / response)
        #expect(result.best == "spring")
        #expect(abs(result.spring.dampingRatio - dampingRatio) <= 0.05, "damping \(result.spring.dampingRatio)")
        #expect(
            abs(result.spring.duration / expectedDuration - 1) <= 0.05,
            "duration \(result.spring.duration), not \(expectedDuration)")
        #expect(abs(result.start - 0.5) <= 1 / fps, "start \(result.start)")
    }

    @Test(arguments: [30.0, 60.0])
    func aKnownBezierIsRecovered(fps: Double) throws {
        let result = try fit(TeardownVideos.bezier(.easeInOut, duration: 0.5, fps: fps), named: "bezier-\(Int(fps))")
        #expect(result.best == "bezier")
        #expect(abs(result.bezier.duration / 0.5 - 1) <= 0.05, "duration \(result.bezier.duration)")
    }

    /// A phone's variable frame rate: 30 fps for half a second, then 60 fps. Each frame of the
    /// track has its own timestamp, and the card is where that frame drew it.
    @Test func aVariableFrameRateKeepsEachFramesOwnTime() throws {
        let motion = TeardownVideos.Motion(fps: 60, seconds: 1.2) { t in 100 + 300 * min(max(t - 0.2, 0) / 0.6, 1) }
        // Frame n at n/30 s for the first 15 frames, then every sixtieth after 0.5 s.
        let times = motion.frames.indices.map { $0 < 15 ? Double($0) / 30 : 0.5 + Double($0 - 15) / 60 }
        let path = try #require(
            TeardownVideos.make(
                motion, named: "variable", in: folder, retimed: "if(lt(N\\,15)\\,N/30\\,0.5+(N-15)/60)"))
        let result = try VideoFit.run(VideoFit.Request(file: path, box: TeardownVideos.firstBox(of: motion)))
        #expect(result.track.count == times.count)
        for (index, sample) in result.track.enumerated() where index < times.count {
            #expect(abs(sample.time - times[index]) < 0.002, "frame \(index) at \(sample.time) s, not \(times[index])")
            #expect(abs(sample.box.x - Double(motion.frames[index])) <= 2, "frame \(index): x \(sample.box.x)")
        }
    }
}
