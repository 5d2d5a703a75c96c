/// One animation as it starts: what it moves and its timing.
public struct AnimationRecord {
    /// The target's name (a view's accessibility identifier, or its type) and the property.
    public var targetName: String
    public var property: AnimatableProperty
    public var timing: any AnimationTiming
    public var addedAt: Double

    public init(targetName: String, property: AnimatableProperty, timing: any AnimationTiming, addedAt: Double) {
        self.targetName = targetName
        self.property = property
        self.timing = timing
        self.addedAt = addedAt
    }
}

/// Watches an animator: the tools that study motion keep what they need of it themselves.
@MainActor
public protocol AnimatorObserver: AnyObject {
    func animator(_ animator: Animator, didStart animation: AnimationRecord)
}
