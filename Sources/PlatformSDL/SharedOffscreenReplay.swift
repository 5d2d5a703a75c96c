import CSDL2
import Dispatch
import Rendering
import Synchronization

/// A flush replayed as `OffscreenSchedule` shares it: every lane draws what every lane must,
/// then takes the next group no lane has taken until none is left, on its own thread, and reads
/// back what it drew for the others; after the barrier every lane
/// writes what the others drew into its own twins and draws its rows of the output. Each thread
/// touches only its own lane's renderer and textures; what one lane reads back another reads
/// only after the barrier.
final class SharedOffscreenReplay: @unchecked Sendable {
    private let schedule: OffscreenSchedule
    private let lanes: [DrawingLane]
    private let twins: [OpaquePointer: [OpaquePointer?]]
    private let readable: [OpaquePointer: [LanePixels?]]
    private let drawsInBands: Bool
    /// Per lane, what it drew for the others: written by that lane's thread before the barrier.
    private let handed: UnsafeMutableBufferPointer<[(name: OpaquePointer, box: PixelBox, pixels: [UInt32])]>
    /// The next group to take.
    private let nextGroup = Atomic<Int>(0)

    init(
        _ schedule: OffscreenSchedule, lanes: [DrawingLane], twins: [OpaquePointer: [OpaquePointer?]],
        readable: [OpaquePointer: [LanePixels?]], drawsInBands: Bool
    ) {
        self.schedule = schedule
        self.lanes = lanes
        self.twins = twins
        self.readable = readable
        self.drawsInBands = drawsInBands
        handed = .allocate(capacity: lanes.count)
        handed.initialize(repeating: [])
    }

    deinit {
        handed.deinitialize()
        handed.deallocate()
    }

    /// Both phases, one thread a lane each, the second after every lane finished the first.
    func run() {
        DispatchQueue.concurrentPerform(iterations: lanes.count) { drawOffscreen(lane: $0) }
        DispatchQueue.concurrentPerform(iterations: lanes.count) { drawOutput(lane: $0) }
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
        while true {
            let taken = nextGroup.wrappingAdd(1, ordering: .relaxed).oldValue
            guard taken < schedule.groups.count else { break }
            replay(schedule.groups[taken].calls, lane: index)
            handOvers += schedule.groups[taken].handOvers
        }
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
        handed[index] = drawn
    }

    private func drawOutput(lane index: Int) {
        let lane = lanes[index]
        for other in lanes.indices where other != index {
            for (name, box, pixels) in handed[other] {
                if let twin = twin(name, on: index) { lane.calls.writePixels(pixels, into: twin, rect: box) }
            }
        }
        replay(schedule.outputCalls, lane: index)
    }
}
