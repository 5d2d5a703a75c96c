import Foundation
import Graphics
import Motion
import Platform
import Views

/// The live tuning panel (T): the current scene's constants and the kit's, each with its value
/// and unit, a slider, a mark when it differs from the seed and a reset; Save writes them all.
/// It sits at the right edge and takes only the pointer that lands on it.
@MainActor
package final class TuningPanelView: View {
    static let width = 340.0
    static let rowHeight = 66.0

    /// Told when a slider moves or a reset is pressed: the parameter's name and its new value
    /// (nil for a reset).
    var onChange: (String, Double?) -> Void = { _, _ in }
    var onSave: () -> Void = {}
    /// The Code button: the effect as code, these values in place (as C).
    var onCode: () -> Void = {}

    private let title = Label(font: .bold(15), color: .white)
    private let saveButton = Button(title: "Save", font: .bold(14), color: .white, background: .systemBlue)
    private let codeButton = Button(
        title: "Code", font: .bold(14), color: .white, background: Color(white: 1, alpha: 0.18))
    private let scroll = ScrollView()
    private var rows: [TuningRowView] = []
    private(set) var focusedIndex: Int?

    init() {
        super.init(frame: .zero)
        accessibilityIdentifier = "tuning.panel"
        styleAsOverlayPanel(opacity: 0.86, cornerRadius: 14, takesPointer: true)
        clipsToBounds = true
        title.accessibilityIdentifier = "tuning.title"
        saveButton.accessibilityIdentifier = "tuning.save"
        saveButton.cornerRadius = 8
        saveButton.contentInsets = EdgeInsets(top: 6, left: 14, bottom: 6, right: 14)
        saveButton.onTap = { [weak self] in self?.onSave() }
        codeButton.accessibilityIdentifier = "tuning.code"
        codeButton.cornerRadius = 8
        codeButton.contentInsets = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
        codeButton.onTap = { [weak self] in self?.onCode() }
        scroll.accessibilityIdentifier = "tuning.scroll"
        scroll.alwaysBounceVertical = false
        for child in [title, codeButton, saveButton, scroll] as [View] { addSubview(child) }
    }

    /// Shows `parameters` (rebuilding the rows when the list changes) with their current values.
    func show(scene: String, parameters: [TuningParameter], tuning: Tuning) {
        title.text = "Tuning · \(scene)"
        if rows.map(\.parameter) != parameters {
            for row in rows { row.removeFromSuperview() }
            rows = parameters.map { parameter in
                let row = TuningRowView(parameter: parameter)
                row.slider.onChange = { [weak self] value in
                    self?.onChange(parameter.name, TuningRowView.settable(value, unit: parameter.unit))
                }
                row.resetButton.onTap = { [weak self] in self?.onChange(parameter.name, nil) }
                return row
            }
            for (index, row) in rows.enumerated() {
                row.slider.onTouch = { [weak self] in self?.focus(index) }
                scroll.addSubview(row)
            }
            focusedIndex = nil
            setNeedsLayout()
        }
        for row in rows { row.show(value: tuning[row.parameter], changed: tuning.isChanged(row.parameter)) }
    }

    func focus(_ index: Int?) {
        focusedIndex = index.map { min(max($0, 0), rows.count - 1) }
        for (i, row) in rows.enumerated() { row.slider.isFocused = i == focusedIndex }
        if let focusedIndex {
            let row = rows[focusedIndex].frame
            let visible = Rect(origin: scroll.contentOffset, size: scroll.bounds.size)
            if row.minY < visible.minY || row.maxY > visible.maxY {
                scroll.contentOffset = Point(
                    x: 0, y: min(max(row.minY - 8, 0), max(scroll.contentSize.height - scroll.bounds.height, 0)))
            }
        }
    }

    /// Once a slider was clicked (it has the keyboard's focus): ↑ ↓ move the focus, ← → nudge
    /// the focused slider by 1 % of its range, Escape gives the keys back to the scene. Without a
    /// focused slider every key is the scene's: the panel beside it does not take its arrows.
    func handle(_ key: Key) -> Bool {
        guard let focusedIndex else { return false }
        switch key {
        case .down: focus(focusedIndex + 1)
        case .up: focus(focusedIndex - 1)
        case .left, .right: rows[focusedIndex].slider.nudge(by: key == .right ? 0.01 : -0.01)
        case .escape: focus(nil)
        default: return false
        }
        return true
    }

    func preferredHeight(in bounds: Size) -> Double {
        min(56 + Double(rows.count) * Self.rowHeight + 8, bounds.height - 24)
    }

    package override func layoutSubviews() {
        let saveSize = saveButton.sizeThatFits(bounds.size)
        saveButton.frame = Rect(
            x: bounds.width - 14 - saveSize.width, y: 12, width: saveSize.width, height: saveSize.height)
        let codeSize = codeButton.sizeThatFits(bounds.size)
        codeButton.frame = Rect(
            x: saveButton.frame.minX - 8 - codeSize.width, y: 12, width: codeSize.width, height: codeSize.height)
        title.frame = Rect(x: 14, y: 14, width: max(codeButton.frame.minX - 8 - 14, 0), height: 24)
        scroll.frame = Rect(x: 0, y: 52, width: bounds.width, height: bounds.height - 52)
        for (index, row) in rows.enumerated() {
            row.frame = Rect(x: 0, y: Double(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
        }
        scroll.contentSize = Size(width: bounds.width, height: Double(rows.count) * Self.rowHeight + 8)
    }
}

/// One parameter: name, value with unit, a mark when changed, reset, slider.
@MainActor
package final class TuningRowView: View {
    let parameter: TuningParameter
    let slider: Slider
    let resetButton = Button(title: "↺", font: .system(17), color: .white)
    private let name = Label(font: .bold(13), color: .white)
    private let value = Label(font: .system(13), color: .white, alignment: .right)
    private let summary = Label(font: .system(11), color: Color(white: 1, alpha: 0.6))

    init(parameter: TuningParameter) {
        self.parameter = parameter
        slider = Slider(value: parameter.defaultValue, range: parameter.range)
        super.init(frame: .zero)
        accessibilityIdentifier = "tuning.\(parameter.name)"
        slider.accessibilityIdentifier = "tuning.\(parameter.name).slider"
        value.accessibilityIdentifier = "tuning.\(parameter.name).value"
        resetButton.accessibilityIdentifier = "tuning.\(parameter.name).reset"
        summary.text = parameter.summary
        for child in [name, value, summary, resetButton, slider] as [View] { addSubview(child) }
    }

    func show(value current: Double, changed: Bool) {
        name.text = (changed ? "● " : "") + parameter.name
        name.textColor = changed ? Color(hex: 0xFFD60A) : .white
        value.text = Self.format(current, unit: parameter.unit)
        resetButton.isHidden = !changed
        slider.setValue(current)
    }

    /// Decimals shown for `value`: what a slider sets is what the row shows and a saved file holds
    /// (0.175, not 0.17516778523489934).
    static func decimals(_ value: Double, unit: String) -> Int {
        abs(value) >= 100 ? 0 : abs(value) >= 10 ? 1 : abs(value) >= 0.9 && unit == "/ms" ? 4 : 3
    }

    /// `value` as a slider sets it: rounded to the decimals the row shows.
    static func settable(_ value: Double, unit: String) -> Double {
        let scale = pow(10, Double(decimals(value, unit: unit)))
        return (value * scale).rounded() / scale
    }

    static func format(_ value: Double, unit: String) -> String {
        let number = String(format: "%.\(decimals(value, unit: unit))f", value)
        return unit.isEmpty ? number : unit == "×" ? number + "×" : "\(number) \(unit)"
    }

    package override func layoutSubviews() {
        let width = bounds.width
        resetButton.frame = Rect(x: width - 14 - 28, y: 2, width: 28, height: 24)
        value.frame = Rect(x: width - 14 - 28 - 90, y: 6, width: 86, height: 18)
        name.frame = Rect(x: 14, y: 6, width: width - 28 - 118, height: 18)
        summary.frame = Rect(x: 14, y: 24, width: width - 28, height: 14)
        slider.frame = Rect(x: 10, y: 36, width: width - 20, height: Slider.height)
    }
}
