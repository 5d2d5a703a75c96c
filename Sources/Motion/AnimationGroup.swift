/// One `animate` call's animations and its completion, which runs exactly once.
@MainActor
final class AnimationGroup {
    private var completion: ((Bool) -> Void)?
    var liveAnimations = 0

    init(completion: ((Bool) -> Void)?) {
        self.completion = completion
    }

    func interrupt() {
        let pending = completion
        completion = nil
        pending?(false)
    }

    func finish() {
        let pending = completion
        completion = nil
        pending?(true)
    }
}
