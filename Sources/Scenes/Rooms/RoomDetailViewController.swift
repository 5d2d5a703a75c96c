import Controllers
import Graphics
import Motion
import Platform
import Views

/// A room's detail screen: the room at full size with its labels in the bar, and a white content
/// sheet that can be dragged down (the labels follow back to the centre and the image fades in)
/// and snaps to the top or the bottom. A close button (or Escape) shrinks it back into its panel.
@MainActor
public final class RoomDetailViewController: ViewController, ScrollDragHandoff {
    static let sheetTop = 64.0
    static let sheetBottomGap = 64.0
    /// Seconds for a full-height snap; shorter snaps take their share of it (as the seed).
    static let snapDurationPerHeight = 1.4
    /// The shortest snap: a sheet let go a point from its end still eases there, never jumps.
    static let snapShortestDuration = 0.2
    /// Faster than this (pt/s) a release decides by its direction, not by where the sheet is.
    static let flickSpeed = 500.0
    /// Closing, the sheet slides down and away on the seed's own spring.
    static let closeSheetDuration = 0.3
    static let closeSheetDamping = 1.0
    static let closeSheetOvershoot = 24.0
    /// The spring the sheet snaps with.
    static let snapDampingRatio = 0.7

    public let room: Room
    public let detailView: RoomDetailView
    public let sheet = View()
    /// Clips the sheet below the bar: the seed's spring may carry the sheet above its 64 pt rest,
    /// where it slides under the bar instead of covering the title and ×. Its bounds start at
    /// y = 64, so the sheet keeps the screen's coordinates.
    private let sheetClip = View()
    public let closeButton = Button(title: "×", font: .system(30), color: .white)
    /// The room page inside the sheet; it scrolls, and hands drags to the sheet at its top.
    let page: RoomPageView
    private var joinButton: Button { page.joinButton }
    /// A small bar at the top of the sheet that says it can be dragged.
    private let grabber = View()
    /// Rooms joined while the app runs (the app holds it; every detail screen shares it).
    let joinedRooms: JoinedRooms
    private let pan = PanGestureRecognizer()

    public init(room: Room, joinedRooms: JoinedRooms = JoinedRooms()) {
        self.room = room
        self.joinedRooms = joinedRooms
        detailView = RoomDetailView(room: room)
        page = RoomPageView(room: room)
        super.init(title: room.title)
    }

    public override var preferredStatusBarStyle: StatusBarStyle { .lightContent }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = Color(hex: 0x6C7F99)
        root.clipsToBounds = true
        root.accessibilityIdentifier = "rooms.detail.screen"
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        detailView.identify(as: "rooms.detail")
        sheet.accessibilityIdentifier = "rooms.detail.content"
        sheet.backgroundColor = .white
        sheet.shadow = Shadow(opacity: 0.3, radius: 5)
        joinButton.onTap = { [weak self] in self?.toggleJoined() }
        page.dragHandoff = self
        grabber.accessibilityIdentifier = "rooms.detail.grabber"
        grabber.backgroundColor = Color(hex: 0xC7C7CC)
        grabber.cornerRadius = 2.5
        grabber.isUserInteractionEnabled = false
        for child in [grabber, page] { sheet.addSubview(child) }
        showJoined()
        closeButton.accessibilityIdentifier = "rooms.close"
        closeButton.onTap = { [weak self] in self?.close() }
        pan.direction = .vertical
        pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as? PanGestureRecognizer) }
        view.addGestureRecognizer(pan)
        sheetClip.clipsToBounds = true
        sheetClip.accessibilityIdentifier = "rooms.detail.sheetclip"
        sheetClip.addSubview(sheet)
        for child in [detailView, sheetClip] { view.addSubview(child) }
        // The title and × stay above the sheet.
        detailView.hostTitle(in: view)
        view.addSubview(closeButton)
    }

    private var laidOutSize = Size.zero
    /// Where the sheet began its way out, while a close runs.
    private var closingSheetFrom: Double?

    private func layout(in bounds: Rect) {
        guard bounds.size != laidOutSize else { return }
        let firstLayout = laidOutSize == .zero
        laidOutSize = bounds.size
        detailView.frame = bounds
        sheetClip.frame = Rect(
            x: 0, y: Self.sheetTop, width: bounds.width, height: max(bounds.height - Self.sheetTop, 0))
        sheetClip.bounds = Rect(
            x: 0, y: Self.sheetTop, width: bounds.width, height: max(bounds.height - Self.sheetTop, 0))
        // Where the sheet is up or down is its state (pulled, or leaving with a close), not layout:
        // a resize keeps it.
        sheet.frame = Rect(
            x: 0, y: firstLayout ? Self.sheetTop : sheet.frame.minY, width: bounds.width, height: sheetHeight)
        if let from = closingSheetFrom {
            // Leaving while the window resizes: still aimed just past the new bottom edge (a
            // taller window would otherwise show the sheet resting in it until the close ends).
            let height = bounds.height
            Animator.retarget(
                from: { self.sheet.frame.origin.y = from },
                to: { self.sheet.frame.origin.y = height + Self.closeSheetOvershoot })
        }
        closeButton.frame = Rect(x: 4, y: 20, width: 44, height: 44)
        grabber.frame = Rect(x: (bounds.width - 36) / 2, y: 8, width: 36, height: 5)
        // The page fills the sheet's part that shows when it is up: down to the screen's bottom.
        page.frame = Rect(x: 0, y: 20, width: bounds.width, height: max(bounds.height - Self.sheetTop - 20, 0))
    }

    /// Taller than the space below the bar by the bar's height, so a spring overshooting upwards
    /// never uncovers the screen's bottom edge.
    private var sheetHeight: Double { view.bounds.height }

    /// How far the sheet is from the top (0) to the bottom (1).
    public var sheetProgress: Double {
        let travel = view.bounds.height - Self.sheetTop - Self.sheetBottomGap
        return travel > 0 ? (sheet.frame.minY - Self.sheetTop) / travel : 0
    }

    public func close() {
        dismiss(animated: true)
    }

    public override func handleKey(_ key: Key) -> Bool {
        guard key == .escape else { return false }
        close()
        return true
    }

    // MARK: Sheet

    private func handlePan(_ pan: PanGestureRecognizer?) {
        guard let pan else { return }
        switch pan.state {
        case .began, .changed:
            if pan.state == .began { grabSheet() }
            moveSheet(by: pan.translation(in: view).y)
            pan.setTranslation(.zero, in: view)
        case .ended, .cancelled:
            settleSheet(speed: pan.velocity(in: view).y)
        default:
            break
        }
    }

    /// Takes the sheet where it is on screen (it may be mid-snap), to follow a finger 1:1.
    private func grabSheet() {
        sheet.stopAnimations()
        detailView.transitionProgress.value = detailView.transitionProgress.presented
        detailView.transitionProgress.stopAnimations()
    }

    private func moveSheet(by dy: Double) {
        var frame = sheet.frame
        frame.origin.y += dy
        sheet.frame = frame
        detailView.transitionProgress.value = sheetProgress
    }

    /// Snaps the sheet to the top or the bottom: by direction for a flick, else by the seed's 0.5.
    private func settleSheet(speed: Double) {
        let progress = sheetProgress
        let threshold = view.tuning[SceneTuning.Rooms.sheetThreshold]
        let toBottom = abs(speed) > Self.flickSpeed ? speed > 0 : progress > threshold
        // A sheet dragged past an end (far past, in a short window) snaps back as fast as across
        // the whole travel: the time follows the distance up to one full height, never beyond.
        let remaining = min(abs(toBottom ? 1 - progress : progress), 1)
        let duration = max(remaining * Self.snapDurationPerHeight, Self.snapShortestDuration)
        let height = view.bounds.height
        // Reduce Motion: the finger's sheet still snaps on, but lands without a bounce.
        let damping = view.reducesMotion ? 1 : Self.snapDampingRatio
        View.animate(duration: duration, dampingRatio: damping) {
            self.detailView.transitionProgress.value = toBottom ? 1 : 0
            var frame = self.sheet.frame
            frame.origin.y = toBottom ? height - Self.sheetBottomGap : Self.sheetTop
            self.sheet.frame = frame
        }
    }

    // MARK: Drags handed over by the page

    /// Whether the sheet was taken into this gesture (it is grabbed once, then follows 1:1).
    private var sheetIsGrabbed = false

    /// Away from its top position (dragged down, or resting at the bottom).
    private var sheetIsDisplaced: Bool { sheet.frame.minY > Self.sheetTop + 0.5 }

    /// A downward drag with the page at its top moves the sheet; while the sheet is away from
    /// its top, an upward drag brings it back first and only then scrolls the page.
    public func scrollView(_ scrollView: ScrollView, handOff dy: Double, contentAtTop: Bool) -> Double {
        guard sheetIsDisplaced || (dy > 0 && contentAtTop) else { return 0 }
        if !sheetIsGrabbed {
            grabSheet()
            sheetIsGrabbed = true
        }
        let used = max(dy, Self.sheetTop - sheet.frame.minY)
        moveSheet(by: used)
        // Back at the top: from here the page scrolls; a later pull grabs the sheet anew.
        if !sheetIsDisplaced { sheetIsGrabbed = false }
        return used
    }

    public func scrollViewHandoffIsHolding(_ scrollView: ScrollView) -> Bool { sheetIsDisplaced }

    public func scrollView(_ scrollView: ScrollView, endHandoffWithVelocity velocity: Double) {
        sheetIsGrabbed = false
        settleSheet(speed: velocity)
    }

    // MARK: Transition

    /// The sheet and close button's part of the panel transition.
    func animateAlongTransition(presenting: Bool) {
        let height = view.bounds.height
        let tuning = view.tuning
        if presenting {
            closingSheetFrom = nil
            // As tall as the screen, so the seed's spring overshooting upwards never uncovers the
            // bottom edge.
            sheet.frame = Rect(x: 0, y: height, width: view.bounds.width, height: sheetHeight)
            closeButton.alpha = 0
            View.animate(PanelTransition.motion, in: tuning) {
                self.sheet.frame = Rect(x: 0, y: Self.sheetTop, width: self.view.bounds.width, height: self.sheetHeight)
                self.closeButton.alpha = 1
            }
        } else {
            // The seed's own timing, not the wrapper's: 0.3 s at damping 1 (twice as far on the
            // wrapper's spring, it left in five frames) — aimed a grabber's height past the
            // room's bottom edge, so the spring's last points are spent out of sight: no sliver
            // of the sheet rides on the panel as the wrapper lands.
            closingSheetFrom = sheet.frame.minY
            View.animate(duration: Self.closeSheetDuration, dampingRatio: Self.closeSheetDamping) {
                var frame = self.sheet.frame
                frame.origin.y = height + Self.closeSheetOvershoot
                self.sheet.frame = frame
                self.closeButton.alpha = 0
            }
        }
    }

    // MARK: Joining

    private func toggleJoined() {
        joinedRooms.toggle(room.title)
        showJoined()
    }

    private func showJoined() {
        let joined = joinedRooms.contains(room.title)
        joinButton.title = joined ? "✓ Joined" : "Join room"
        joinButton.backgroundColor = joined ? Color(hex: 0x34C759) : .systemBlue
    }
}

/// The rooms a user has joined, kept while the app runs.
@MainActor
public final class JoinedRooms {
    private var titles: Set<String> = []

    public init() {}

    public func contains(_ title: String) -> Bool { titles.contains(title) }

    public func toggle(_ title: String) {
        if titles.remove(title) == nil { titles.insert(title) }
    }
}
