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

    /// An element that shows only once it is moving (a room's button rising with its sheet): the
    /// box is drawn a few frames into the motion, far from where the card was a frame before, and
    /// with the moment the motion began known (marked on the video), the spring is still recovered.
    @Test func aBoxDrawnMidMotionIsFollowedAndFittedFromAKnownStart() throws {
        let (dampingRatio, response, fps) = (0.62, 0.38, 30.0)
        let motion = TeardownVideos.spring(dampingRatio: dampingRatio, response: response, fps: fps)
        let path = try #require(TeardownVideos.make(motion, named: "spring-late", in: folder), "ffmpeg made the video")
        let drawnAt = 18  // 0.1 s into the motion, a third of the way and moving fastest.
        let box = TrackedBox(
            x: Double(motion.frames[drawnAt]), y: Double(motion.top), width: Double(TeardownVideos.card.width),
            height: Double(TeardownVideos.card.height))
        let result = try VideoFit.run(
            VideoFit.Request(file: path, box: box, at: Double(drawnAt) / fps - 0.001, start: 0.5))
        #expect(result.track.count == motion.frames.count - drawnAt)
        for (offset, sample) in result.track.enumerated() {
            let expected = Double(motion.frames[drawnAt + offset])
            #expect(abs(sample.box.x - expected) <= 2, "frame \(drawnAt + offset): x \(sample.box.x), not \(expected)")
        }
        let expectedDuration =
            SpringSolution.angularFrequency(settlingIn: 1, dampingRatio: dampingRatio) / (2 * Double.pi / response)
        #expect(abs(result.spring.dampingRatio - dampingRatio) <= 0.05, "damping \(result.spring.dampingRatio)")
        #expect(abs(result.spring.duration / expectedDuration - 1) <= 0.05, "duration \(result.spring.duration)")
        #expect(result.start == 0.5)
    }

    /// A card that leaves in a snap — 330 video pixels in its first frame, further than the tracker
    /// reaches from where the card stood — is found by the wide search and followed to rest.
    @Test func aCardThatLeavesInASnapIsFoundAndFollowed() throws {
        let solution = SpringSolution(response: 0.1, dampingRatio: 0.9, initialDisplacement: 1, initialVelocity: 0)
        let motion = TeardownVideos.Motion(fps: 30, seconds: 1.2) { t in
            t < 0.5 ? 60 : 560 - 500 * solution.position(at: t - 0.5)
        }
        let path = try #require(TeardownVideos.make(motion, named: "snap", in: folder), "ffmpeg made the video")
        let jumps = motion.frames.indices.dropLast().map { abs(motion.frames[$0 + 1] - motion.frames[$0]) }
        #expect((jumps.max() ?? 0) > 300, "the card jumps \(jumps.max() ?? 0) pixels at most")
        let result = try VideoFit.run(VideoFit.Request(file: path, box: TeardownVideos.firstBox(of: motion)))
        #expect(result.lostAt == nil)
        #expect(result.track.count == motion.frames.count)
        for (index, sample) in result.track.enumerated() where index < motion.frames.count {
            let expected = Double(motion.frames[index])
            #expect(abs(sample.box.x - expected) <= 2, "frame \(index): x \(sample.box.x), not \(expected)")
        }
    }

    /// A card that shoots out of the frame a few frames after it sets off is lost with too little
    /// followed to fit: one line that says so, not a fit that looks sure of itself.
    @Test func anElementLostAsItSetsOffIsNotFitted() throws {
        let motion = TeardownVideos.Motion(fps: 30, seconds: 1.0) { t in t < 0.5 ? 100 : 100 + 9000 * (t - 0.5) }
        let path = try #require(TeardownVideos.make(motion, named: "gone", in: folder), "ffmpeg made the video")
        #expect {
            try VideoFit.run(VideoFit.Request(file: path, box: TeardownVideos.firstBox(of: motion)))
        } throws: { error in
            "\(error)".contains("too little to fit")
        }
    }
}
