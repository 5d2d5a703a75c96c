import Graphics

/// Breaks text into lines that fit a width: at spaces where possible, inside a word only when the
/// word alone is too wide; honours explicit newlines; truncates the last allowed line with "…".
@MainActor
struct TextWrapper {
    let font: Font
    let metrics: any ContentMetrics

    var lineHeight: Double { metrics.lineHeight(of: font) }

    func lines(for text: String, width: Double, limit: Int) -> [String] {
        guard !text.isEmpty else { return [] }
        var result: [String] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for paragraph in paragraphs {
            if limit == 1 {
                result.append(paragraph)
                break
            }
            result.append(contentsOf: wrap(paragraph, width: width))
        }
        if limit > 0 && result.count > limit {
            result = Array(result.prefix(limit))
            result[limit - 1] = truncated(result[limit - 1] + " …", width: width)
        } else if let last = result.last, fits(last, width) == false {
            result[result.count - 1] = truncated(last, width: width)
        }
        return result
    }

    private func fits(_ text: String, _ width: Double) -> Bool {
        metrics.width(of: text, font: font) <= width + 0.5
    }

    private func wrap(_ paragraph: String, width: Double) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if fits(candidate, width) {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word
            while !fits(current, width) && current.count > 1 {
                var head = current
                while head.count > 1 && !fits(head, width) { head.removeLast() }
                lines.append(head)
                current = String(current.dropFirst(head.count))
            }
        }
        lines.append(current)
        return lines
    }

    /// Drops characters from the end until the text plus an ellipsis fits.
    private func truncated(_ line: String, width: Double) -> String {
        if fits(line, width) && !line.hasSuffix(" …") { return line }
        var head = line.hasSuffix(" …") ? String(line.dropLast(2)) : line
        while !head.isEmpty && !fits(head + "…", width) { head.removeLast() }
        while head.last == " " { head.removeLast() }
        return head + "…"
    }
}
