import Graphics

/// Something that may refuse a gesture as it would begin (a running transition refuses gestures
/// on the screens it moves). Consulted only at the start: a gesture that has begun keeps
/// receiving the sequence, so a pan that starts an interactive transition goes on driving it.
@MainActor
public protocol GestureGate: AnyObject {
    func allowsBeginning(_ recognizer: GestureRecognizer) -> Bool
}

/// The window's referee for one pointer sequence: which recognizers follow it, which may begin,
/// and who loses when one wins. The window hands it to every recognizer it feeds, so recognizers
/// never reach for the window themselves.
@MainActor
public final class GestureArbiter {
    /// Recognizers following the current sequence, in delivery order (priority, then deepest first).
    public private(set) var participants: [GestureRecognizer] = []
    private var gates: [ObjectIdentifier: GestureGate] = [:]
    private var gateOrder: [ObjectIdentifier] = []

    public init() {}

    /// Installs a gate until `removeGate` (a transition runner while it runs).
    public func addGate(_ gate: GestureGate) {
        let key = ObjectIdentifier(gate)
        if gates[key] == nil { gateOrder.append(key) }
        gates[key] = gate
    }

    public func removeGate(_ gate: GestureGate) {
        let key = ObjectIdentifier(gate)
        gates[key] = nil
        gateOrder.removeAll { $0 == key }
    }

    func startSequence(with recognizers: [GestureRecognizer]) {
        participants = recognizers
        for recognizer in recognizers { recognizer.arbiter = self }
    }

    func endSequence() {
        participants = []
    }

    /// Asked by a recognizer just before it begins (continuous) or recognizes (discrete).
    /// A continuous gesture may begin only if no other continuous one has in this sequence;
    /// when it begins, the others still undecided fail.
    func mayBegin(_ recognizer: GestureRecognizer) -> Bool {
        for key in gateOrder {
            if let gate = gates[key], !gate.allowsBeginning(recognizer) { return false }
        }
        guard recognizer.isContinuous else { return true }
        let others = participants.filter { $0 !== recognizer }
        if others.contains(where: { $0.isContinuous && ($0.state == .began || $0.state == .changed) }) {
            return false
        }
        for other in others { other.failBecauseAnotherWon() }
        return true
    }

    /// A recognizer takes the whole sequence inside `view` (a scroll view caught while moving: the
    /// touch only stops it, so nothing under it may be tapped).
    public func claimSequence(for claimant: GestureRecognizer, within view: View) {
        for other in participants where other !== claimant {
            if let otherView = other.view, otherView.isDescendant(of: view) { other.failBecauseAnotherWon() }
        }
    }
}
