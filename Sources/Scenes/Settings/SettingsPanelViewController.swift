import Controllers
import Graphics
import Platform
import Views

/// The settings panel: as wide as the window, of which the right-most 200 pt show — a title and
/// a few switches. Dragging it left closes it (interactively); ↑ ↓ choose a row, Enter flips it.
@MainActor
public final class SettingsPanelViewController: ViewController {
    let model: SettingsModel
    weak var transition: SettingsTransition?
    private let heading = Label(text: "Settings", font: .bold(22), color: .black)
    private let note = Label(
        text: "Drag left, tap outside or press Esc to close.", font: .system(12), color: Color(hex: 0x6C6C70))
    private var rows: [(label: Label, toggle: Switch, separator: View)] = []
    private let selection = View()
    private let pan = PanGestureRecognizer()
    /// The row the keyboard has chosen, nil before any arrow key.
    public private(set) var selectedRow: Int?

    init(model: SettingsModel) {
        self.model = model
        super.init(title: "Settings")
    }

    /// Dark over the white panel; beside it, over the dimmed page, the bar turns light by itself
    /// (the window host splits the bar at the panel's edge).
    public override var preferredStatusBarStyle: StatusBarStyle { .darkContent }

    public override func loadView() -> View {
        let root = ControllerRootView()
        root.backgroundColor = .white
        root.accessibilityIdentifier = "settings.panel"
        root.shadow = Shadow(opacity: 0.35, radius: 8)
        root.onLayout = { [weak self] bounds in self?.layout(in: bounds) }
        return root
    }

    public override func viewDidLoad() {
        note.numberOfLines = 0
        selection.backgroundColor = Color(hex: 0xE5E5EA)
        selection.cornerRadius = 8
        selection.isHidden = true
        selection.isUserInteractionEnabled = false
        view.addSubview(selection)
        for toggle in model.toggles {
            let label = Label(text: toggle.title, font: .system(16), color: .black)
            let control = Switch(isOn: toggle.isOn)
            control.accessibilityIdentifier = "settings.toggle.\(toggle.key)"
            let key = toggle.key
            control.onChange = { [weak self] on in self?.model.set(key, on) }
            let separator = View()
            separator.backgroundColor = Color(hex: 0xC6C6C8)
            for child in [label, control, separator] { view.addSubview(child) }
            rows.append((label, control, separator))
        }
        for child in [heading, note] { view.addSubview(child) }
        pan.direction = .horizontal
        pan.shouldBegin = { [weak self] recognizer in
            // Only a drag towards the edge closes the panel.
            guard let self, let pan = recognizer as? PanGestureRecognizer, let start = pan.startLocation else {
                return false
            }
            return pan.location(in: nil).x < start.x && self.transition != nil
        }
        pan.addAction { [weak self] recognizer in self?.handlePan(recognizer as? PanGestureRecognizer) }
        view.addGestureRecognizer(pan)
    }

    /// Everything sits in the visible strip: the right-most 200 pt of the panel.
    private func layout(in bounds: Rect) {
        let visible = view.tuning[SceneTuning.Settings.panelReveal]
        let x = bounds.width - visible + 16
        let width = visible - 32
        heading.frame = Rect(x: x, y: 44, width: width, height: 28)
        var y = 92.0
        for (label, control, separator) in rows {
            control.frame = Rect(origin: Point(x: bounds.width - 16 - Switch.size.width, y: y + 8), size: Switch.size)
            label.frame = Rect(x: x, y: y, width: width - Switch.size.width - 8, height: 47)
            separator.frame = Rect(x: x, y: y + 47, width: width, height: 0.5)
            y += 48
        }
        let fitting = Size(width: width, height: .greatestFiniteMagnitude)
        note.frame = Rect(x: x, y: y + 16, width: width, height: note.sizeThatFits(fitting).height)
        if let selectedRow, rows.indices.contains(selectedRow) {
            selection.frame = Rect(x: x - 8, y: 92 + Double(selectedRow) * 48 + 2, width: width + 16, height: 44)
        }
    }

    public override func handleKey(_ key: Key) -> Bool {
        switch key {
        case .up, .down:
            let step = key == .down ? 1 : -1
            selectedRow = min(max((selectedRow ?? (step > 0 ? -1 : rows.count)) + step, 0), rows.count - 1)
            selection.isHidden = false
            view.setNeedsLayout()
            return true
        case .enter:
            guard let selectedRow, rows.indices.contains(selectedRow) else { return true }
            let control = rows[selectedRow].toggle
            control.setOn(!control.isOn, animated: true)
            control.onChange(control.isOn)
            return true
        case .comma:
            dismiss(animated: true)
            return true
        default:
            return false
        }
    }

    // MARK: Dragging left to close

    private func handlePan(_ pan: PanGestureRecognizer?) {
        guard let pan, let transition else { return }
        let reveal = view.tuning[SceneTuning.Settings.panelReveal]
        switch pan.state {
        case .began:
            transition.interactor = PercentDrivenInteractiveTransition()
            dismiss(animated: true)
        case .changed:
            transition.interactor?.update(min(max(-pan.translation(in: nil).x / reveal, 0), 1))
        case .ended, .cancelled:
            guard let interactor = transition.interactor else { return }
            SettingsTransition.release(
                interactor, speed: -pan.velocity(in: nil).x, cancelled: pan.state == .cancelled, reveal: reveal)
        default:
            break
        }
    }
}
