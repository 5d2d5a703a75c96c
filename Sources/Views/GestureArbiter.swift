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
    /// Weak: a gate (a running transition) owns what it moves; the window's referee holding it
    /// would keep a transition that never ends — and every screen it holds — alive for good.
    private struct WeakGate {
        weak var gate: GestureGate?
    }
    private var gates: [ObjectIdentifier: WeakGate] = [:]
    private var gateOrder: [ObjectIdentifier] = []

    public init() {}

    /// Installs a gate until `removeGate` (a transition runner while it runs) or until it is gone.
    public func addGate(_ gate: GestureGate) {
        for key in gateOrder where gates[key]?.gate == nil { gates[key] = nil }
        gateOrder.removeAll { gates[$0] == nil }
        let key = ObjectIdentifier(gate)
        if gates[key] == nil { gateOrder.append(key) }
        gates[key] = WeakGate(gate: gate)
    }

    public func removeGate(_ gate: GestureGate) {
        let key = ObjectIdentifier(gate)
        gates[key] = nil
        gateOrder.removeAll { $0 == key }
    }

    /// Cancels the continuous gesture under way (if any) whose view is inside one of `views`:
    /// its actions see `.cancelled` and it follows the pointer no further in this sequence.
    public func cancelContinuousGestures(within views: [View]) {
        for recognizer in participants where recognizer.isContinuous {
            guard recognizer.state == .began || recognizer.state == .changed, let view = recognizer.view,
                views.contains(where: { view === $0 || view.isDescendant(of: $0) })
            else { continue }
            recognizer.state = .cancelled
        }
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
            if let gate = gates[key]?.gate, !gate.allowsBeginning(recognizer) { return false }
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
