import CSDL2
import Dispatch
import Graphics
import Rendering
import Synchronization

/// A flush replayed as `OffscreenSchedule` shares it, in three phases with a barrier after
/// each: every lane draws what every lane must, then takes the next group no lane has taken
/// until none is left, and reads back what it drew for the others (and the pictures to
/// resample); the lanes make the resampled copies in pieces of rows, any lane any piece; every
/// lane writes what the others drew and the rows of the copies it shows into its own twins, and
/// draws its rows of the output. Each thread touches only its own lane's renderer and textures;
/// what one lane reads back another reads only after the barrier.
final class SharedOffscreenReplay: @unchecked Sendable {
    private let schedule: OffscreenSchedule
    private let lanes: [DrawingLane]
    private let twins: [OpaquePointer: [OpaquePointer?]]
    private let readable: [OpaquePointer: [LanePixels?]]
    private let drawsInBands: Bool
    /// Per lane, what it drew for the others: written by that lane's thread before the barrier.
    private let drawnForOthers: UnsafeMutableBufferPointer<[(name: OpaquePointer, box: PixelBox, pixels: [UInt32])]>
    /// The next group to take.
    private let nextGroup = Atomic<Int>(0)
    /// Per lane, the pictures it drew to be resampled onto the output by every lane together.
    private let drawnToResample: UnsafeMutableBufferPointer<[Resampling]>
    /// Every lane's pictures to resample, gathered after the first barrier.
    private var resamplings: [Resampling] = []
    /// Each picture's copy cut into pieces of rows (the picture's index in `resamplings`).
    private var pieces: [(resampling: Int, rows: Range<Int>)] = []
    /// Each piece's rows of the copy once made, by whichever lane took it.
    private var madePieces: UnsafeMutableBufferPointer<PixelImage?> = .init(start: nil, count: 0)
    private let nextPiece = Atomic<Int>(0)

    /// A picture drawn by one lane, to be carried onto the copy `name` as `job` says.
    struct Resampling {
        var name: OpaquePointer
        var job: ResampleJob
        var picture: [UInt32]
    }

    init(
        _ schedule: OffscreenSchedule, lanes: [DrawingLane], twins: [OpaquePointer: [OpaquePointer?]],
        readable: [OpaquePointer: [LanePixels?]], drawsInBands: Bool
    ) {
        self.schedule = schedule
        self.lanes = lanes
        self.twins = twins
        self.readable = readable
        self.drawsInBands = drawsInBands
        drawnForOthers = .allocate(capacity: lanes.count)
        drawnForOthers.initialize(repeating: [])
        drawnToResample = .allocate(capacity: lanes.count)
        drawnToResample.initialize(repeating: [])
    }

    deinit {
        drawnForOthers.deinitialize()
        drawnForOthers.deallocate()
        drawnToResample.deinitialize()
        drawnToResample.deallocate()
        madePieces.deinitialize()
        madePieces.deallocate()
    }

    /// The phases, one thread a lane each, each after every lane finished the one before: the
    /// offscreen pictures; the copies of the pictures to resample, in pieces of rows any lane
    /// takes; the output.
    func run() {
        DispatchQueue.concurrentPerform(iterations: lanes.count) { drawOffscreen(lane: $0) }
        resamplings = Array(drawnToResample).flatMap { $0 }
        if !resamplings.isEmpty {
            for (index, resampling) in resamplings.enumerated() {
                let height = resampling.job.region.y.count
                let count = min(lanes.count, max(height, 1))
                for piece in 0..<count {
                    pieces.append((index, (piece * height / count)..<((piece + 1) * height / count)))
                }
            }
            madePieces = .allocate(capacity: pieces.count)
            madePieces.initialize(repeating: nil)
            DispatchQueue.concurrentPerform(iterations: lanes.count) { _ in resamplePieces() }
        }
        DispatchQueue.concurrentPerform(iterations: lanes.count) { drawOutput(lane: $0) }
    }

    /// Takes the next piece no lane has taken until none is left, and makes its rows of the copy
    /// (each row is worked out alone, so a piece is the rows a band would make of it).
    private func resamplePieces() {
        while true {
            let taken = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
            guard taken < pieces.count else { return }
            let (index, rows) = pieces[taken]
            guard !rows.isEmpty else { continue }
            let resampling = resamplings[index]
            madePieces[taken] = resampling.job.image(of: resampling.picture, rows: rows, parallel: false)
        }
    }

    /// Writes, into this lane's copy of each picture resampled together, the rows it shows (all
    /// of them for the whole output's lane), as `DrawingLane.resample` would have made them.
    private func writeResampled(lane index: Int) {
        let lane = lanes[index]
        for (piece, (which, rows)) in pieces.enumerated() {
            let job = resamplings[which].job
            var wanted = rows
            if lane.isBand {
                let top = Int(lane.top) - job.region.y.lowerBound
                wanted = rows.clamped(to: top..<(top + Int(lane.height)))
            }
            guard !wanted.isEmpty, let made = madePieces[piece], let copy = twin(resamplings[which].name, on: index)
            else { continue }
            let first = wanted.lowerBound - rows.lowerBound
            lane.calls.replacePixels(
                of: copy, withRows: first..<(first + wanted.count), of: made, atRow: Int32(wanted.lowerBound))
        }
    }

    private func twin(_ name: OpaquePointer, on lane: Int) -> OpaquePointer? {
        twins[name].flatMap { lane < $0.count ? $0[lane] : nil }
    }

    private func replay(_ calls: [RecordedDrawCall], lane index: Int) {
        let lane = lanes[index]
        lane.replay(
            calls, twins: { self.twin($0, on: index) },
            pixels: { name in self.readable[name].flatMap { index < $0.count ? $0[index] : nil } },
            drawsOutput: lane.isBand == drawsInBands, startsOnOutput: true)
    }

    private func drawOffscreen(lane index: Int) {
        if !schedule.everyLane.isEmpty { replay(schedule.everyLane, lane: index) }
        var handOvers: [(name: OpaquePointer, box: PixelBox)] = []
        lanes[index].pictureDrawn = { name, job, picture in
            // Sampled premultiplied: made so once here, not again by each piece.
            var sampled = job
            sampled.premultiplied = true
            let texels = job.premultiplied ? picture : AffineResampling.premultipliedColour(picture)
            self.drawnToResample[index].append(Resampling(name: name, job: sampled, picture: texels))
        }
        while true {
            let taken = nextGroup.wrappingAdd(1, ordering: .relaxed).oldValue
            guard taken < schedule.groups.count else { break }
            replay(schedule.groups[taken].calls, lane: index)
            handOvers += schedule.groups[taken].handOvers
        }
        lanes[index].pictureDrawn = nil
        guard !handOvers.isEmpty else { return }
        let lane = lanes[index]
        var drawn: [(name: OpaquePointer, box: PixelBox, pixels: [UInt32])] = []
        for (name, box) in handOvers {
            guard let twin = twin(name, on: index) else { continue }
            var width: Int32 = 0
            var height: Int32 = 0
            guard SDL_QueryTexture(twin, nil, nil, &width, &height) == 0,
                let within = DrawingLane.intersection(box, PixelBox(x: 0, y: 0, w: width, h: height))
            else { continue }
            lane.calls.setTarget(twin)
            if let pixels = lane.calls.readPixels(within) { drawn.append((name, within, pixels)) }
        }
        // Back on the output, whose clip SDL kept.
        lane.calls.setTarget(nil)
        drawnForOthers[index] = drawn
    }

    private func drawOutput(lane index: Int) {
        let lane = lanes[index]
        if !resamplings.isEmpty { writeResampled(lane: index) }
        for other in lanes.indices where other != index {
            for (name, box, pixels) in drawnForOthers[other] {
                if let twin = twin(name, on: index) { lane.calls.writePixels(pixels, into: twin, rect: box) }
            }
        }
        replay(schedule.outputCalls, lane: index)
    }
}
