/// The name of an animatable property on a target ("center", "alpha", "transitionProgress").
public struct AnimatableProperty: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }
}

/// Something the animator can move: it reports a property's model value as numbers and accepts
/// an additive presentation offset for it (what is drawn = model + offset).
@MainActor
public protocol AnimationTarget: AnyObject {
    /// The property's model value, flattened.
    func modelComponents(for property: AnimatableProperty) -> [Double]
    /// Sets the model without animating (used when an animation is reversed back to its start).
    func setModelComponents(_ components: [Double], for property: AnimatableProperty)
    /// What is on screen now = model + offset; nil clears the offset.
    func setPresentationOffset(_ offset: [Double]?, for property: AnimatableProperty)
    /// The animator that runs this target's animations (its window's), nil when it is not on screen.
    var runningAnimator: Animator? { get }
    /// How the motion lab's curve graph names it (a view's identifier, else its type).
    var animationName: String { get }
}

extension AnimationTarget {
    public var runningAnimator: Animator? { nil }
    public var animationName: String { String(describing: type(of: self)) }
}

/// Collects the properties changed inside an `animate` block, with what was on screen before.
/// Targets call `willChange` from their setters; outside a block it does nothing.
@MainActor
public final class AnimationTransaction {
    struct Change {
        let target: any AnimationTarget
        let property: AnimatableProperty
        let before: [Double]
    }

    private static var stack: [AnimationTransaction] = []
    private(set) var changes: [Change] = []
    private var seen: Set<AnimationKey> = []

    static func push(_ transaction: AnimationTransaction) { stack.append(transaction) }
    static func pop() { stack.removeLast() }

    /// Runs `changes` recording what they change.
    static func recording(_ changes: () -> Void) -> AnimationTransaction {
        let transaction = AnimationTransaction()
        push(transaction)
        changes()
        pop()
        return transaction
    }

    /// True while an `animate` block runs: setters then record instead of jumping.
    public static var isActive: Bool { !stack.isEmpty }

    /// Call before changing an animatable property's model. Records the model value the first time
    /// the property changes: the new animation's offset starts at (old model − new model), and any
    /// animation already in flight keeps adding its own offset, so the sum on screen is continuous.
    public static func willChange(_ target: any AnimationTarget, _ property: AnimatableProperty) {
        guard let transaction = stack.last else { return }
        let key = AnimationKey(target: target, property: property)
        guard transaction.seen.insert(key).inserted else { return }
        let before = target.modelComponents(for: property)
        transaction.changes.append(Change(target: target, property: property, before: before))
    }
}

/// One property of one target.
struct AnimationKey: Hashable {
    let object: ObjectIdentifier
    let property: AnimatableProperty

    @MainActor
    init(target: any AnimationTarget, property: AnimatableProperty) {
        object = ObjectIdentifier(target)
        self.property = property
    }
}
