import Foundation
import Graphics
import Platform
import Testing

@testable import Harness
@testable import Tools

@Suite struct ScriptParsingTests {
    @Test func readsEveryEventType() throws {
        let json = """
            {"scene":"rooms","size":[390,844],"events":[
              {"at":0.0,"type":"down","x":200,"y":400},{"at":0.1,"type":"move","x":120,"y":400},
              {"at":0.15,"type":"up","x":100,"y":400},{"at":0.2,"type":"drag","from":[300,400],"to":[80,400],"duration":0.25},
              {"at":0.5,"type":"tap","x":195,"y":420},{"at":1.0,"type":"key","key":"escape"},
              {"at":1.1,"type":"wheel","dy":-40},
              {"at":2.0,"type":"capture","file":"a.png"},{"at":2.0,"type":"dump","file":"a.json"},{"at":3,"type":"quit"}]}
            """
        let script = try InputScript.parse(Data(json.utf8))
        #expect(script.scene == .rooms)
        #expect(script.size == Size(width: 390, height: 844))
        #expect(script.events.count == 10)
        #expect(script.events[3].kind == .drag(from: Point(x: 300, y: 400), to: Point(x: 80, y: 400), duration: 0.25))
        #expect(script.events[5].kind == .key(.escape))
        #expect(script.events[6].kind == .wheel(Point(x: 0, y: -40)))
    }

    @Test(arguments: [
        (#"{"events":[{"at":0,"type":"tap","x":1,"y":2},{"at":1,"type":"jump"}]}"#, "event 1: unknown type \"jump\""),
        (#"{"events":[{"at":-1,"type":"tap","x":1,"y":2}]}"#, "event 0: \"at\" must be"),
        (#"{"events":[{"at":0,"type":"drag","from":[0,0],"to":[1,1]}]}"#, "event 0: \"drag\" needs a \"duration\""),
        (#"{"events":[{"at":0,"type":"key","key":"tab"}]}"#, "event 0: \"key\" must be one of"),
        (#"{"scene":"nowhere","events":[]}"#, "\"scene\" must be one of"),
        (#"{"events":{}}"#, "\"events\" must be an array"),
        ("not json", "not valid JSON"),
        (String(repeating: "[", count: 100_000), "not valid JSON: the top level must be an object"),
        (#"{"events":"# + String(repeating: "[", count: 100_000), "not valid JSON: nested more than 64 levels deep"),
        (#"{"events":[{"at":0,"type":"key","key":"enter"}]} trailing"#, "not valid JSON: unexpected text after"),
        // Bad input found by trying (issue 8): limits shared with the command line.
        (
            #"{"events":[{"at":1e308,"type":"key","key":"enter"}]}"#,
            "event 0: \"at\" must be a number of seconds from 0 to 3600"
        ),
        (
            #"{"events":[{"at":0,"type":"drag","from":[0,0],"to":[1,1],"duration":1e7}]}"#,
            "event 0: \"drag\" needs a \"duration\""
        ),
        (
            #"{"events":[{"at":0,"type":"drag","from":[0,0],"to":[8e307,1],"duration":1}]}"#,
            "event 0: \"drag\" \"to\" has a coordinate beyond"
        ),
        (#"{"events":[{"at":0,"type":"wheel","dy":1e9}]}"#, "event 0: \"wheel\" has a coordinate beyond"),
        (
            #"{"size":[3e9,200],"events":[]}"#,
            "\"size\" must be [width, height]: WIDTHxHEIGHT in points, each from 160 to 8192"
        ),
        (#"{"events":[{"at":0,"type":"resize","width":100,"height":800}]}"#, "event 0: \"resize\" needs"),
        ("{\"events\":[\n  {\"at\":0,,}]}", "not valid JSON: expected a key in quotes at line 2, column 11"),
    ])
    func rejectsMalformedScriptsNamingTheEvent(json: String, expected: String) {
        #expect {
            _ = try InputScript.parse(Data(json.utf8))
        } throws: { error in
            (error as? ScriptError)?.message.hasPrefix(expected) == true
        }
    }

    @Test func dragBecomesDownAMoveEveryFrameAndUp() throws {
        let script = try InputScript.parse(
            Data(#"{"events":[{"at":0.1,"type":"drag","from":[300,400],"to":[100,400],"duration":0.1}]}"#.utf8))
        var timeline = Timeline(script: script, windowSize: Size(width: 390, height: 844))
        // Frame by frame, as a replay asks for them (the moves are made as frames come).
        let pointers = (0...20).flatMap { frame in
            timeline.takeDue(by: Double(frame) * Timeline.frameDuration).compactMap { action -> PointerEvent? in
                if case .input(.pointer(let event)) = action { return event }
                return nil
            }
        }
        #expect(pointers.first?.phase == .down && pointers.first?.location == Point(x: 300, y: 400))
        #expect(pointers.last?.phase == .up && pointers.last?.location == Point(x: 100, y: 400))
        #expect(abs((pointers.last?.time ?? 0) - 0.2) < 1e-12)
        let moves = pointers.filter { $0.phase == .move }
        // Frames at 7/60 … 11/60 lie strictly inside (0.1, 0.2).
        #expect(moves.count == 5)
        #expect(moves.map(\.location.x) == moves.map(\.location.x).sorted(by: >))
        #expect(abs(moves[0].location.x - (300 - 200 * (7.0 / 60 - 0.1) / 0.1)) < 1e-9)
    }

    @Test func tapIsDownAndUpOneFrameApartAndDueFramesTakeEverythingUpToTheirTime() throws {
        let script = try InputScript.parse(Data(#"{"events":[{"at":0.1,"type":"tap","x":5,"y":6}]}"#.utf8))
        var timeline = Timeline(script: script, windowSize: Size(width: 100, height: 100))
        #expect(timeline.takeDue(by: 5.0 / 60).isEmpty)
        #expect(timeline.takeDue(by: 6.0 / 60).count == 1)  // 0.1 is due at frame 6 despite rounding
        #expect(timeline.takeDue(by: 7.0 / 60).count == 1)
        #expect(timeline.isFinished)
    }
}
