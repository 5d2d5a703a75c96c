import Graphics
import Views

/// A translucent dark panel of lines of text, the look every tool's text panels share (the lab's
/// HUD and badge, the inspector's panel).
/// It never takes the pointer (`styleAsOverlayPanel` turns its interaction off): the scene
/// underneath keeps its input.
@MainActor
package class TextPanelView: View {
    private var labels: [Label] = []
    let padding = 10.0
    let font: Font

    init(font: Font = .system(13)) {
        self.font = font
        super.init(frame: .zero)
        styleAsOverlayPanel()
    }

    /// Shows `lines`, one label each (bold where asked).
    func setLines(_ lines: [(text: String, bold: Bool)]) {
        while labels.count < lines.count {
            let label = Label(font: font, color: .white)
            // The HUD's frame times and the inspector's frame and transform change every frame.
            label.isLiveReadout = true
            labels.append(label)
            addSubview(label)
        }
        for (index, label) in labels.enumerated() {
            label.isHidden = index >= lines.count
            guard index < lines.count else { continue }
            label.text = lines[index].text
            label.font = lines[index].bold ? .bold(font.size) : font
        }
        setNeedsLayout()
    }

    private var lineHeight: Double { contentMetrics.lineHeight(of: font) + 2 }

    package override func sizeThatFits(_ size: Size) -> Size {
        let visible = labels.filter { !$0.isHidden }
        let width = visible.map { $0.sizeThatFits(size).width }.max() ?? 0
        return Size(
            width: min(width + padding * 2, size.width), height: Double(visible.count) * lineHeight + padding * 2)
    }

    package override func layoutSubviews() {
        var y = padding
        for label in labels where !label.isHidden {
            label.frame = Rect(x: padding, y: y, width: bounds.width - padding * 2, height: lineHeight)
            y += lineHeight
        }
    }
}

/// Fps, frame times over the last second, live textures and the running transition (H).
