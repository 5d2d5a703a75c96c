import Testing

@testable import Graphics
@testable import Views

/// Outside a window labels measure with the estimated metrics: every character of a 10 pt font
/// is 5 pt wide and a line is 12 pt.
@MainActor
@Suite struct LabelAndImageTests {

    @Test func wrapsAtSpacesToTheWidth() {
        let label = Label(text: "one two three four", font: .system(10))
        label.numberOfLines = 0
        label.frame = Rect(x: 0, y: 0, width: 50, height: 100)  // 10 characters a line
        #expect(label.lines == ["one two", "three four"])
        #expect(label.sizeThatFits(Size(width: 50, height: 1000)) == Size(width: 50, height: 24))
    }

    /// A label in a window remembers what it measured, so it must measure again once its text,
    /// font or line limit change — at every width it was asked about.
    @Test func aMeasuredLabelMeasuresAgainWhenItsTextChanges() {
        let window = Window(size: Size(width: 200, height: 100))
        let label = Label(text: "one two three four", font: .system(10))
        label.numberOfLines = 0
        window.addSubview(label)
        let narrow = Size(width: 50, height: 1000)
        let wide = Size(width: .greatestFiniteMagnitude, height: 1000)
        let before = (label.sizeThatFits(narrow), label.sizeThatFits(wide))
        #expect(label.sizeThatFits(narrow) == before.0)
        label.text = "one two three four five six"
        #expect(label.sizeThatFits(narrow).height > before.0.height)
        #expect(label.sizeThatFits(wide).width > before.1.width)
        label.font = .system(20)
        #expect(label.sizeThatFits(narrow).height > before.0.height * 2)
        label.numberOfLines = 1
        #expect(label.sizeThatFits(narrow).height == label.sizeThatFits(wide).height)
    }

    @Test func breaksAWordLongerThanTheLine() {
        let label = Label(text: "abcdefghijklmnop", font: .system(10))
        label.numberOfLines = 0
        label.frame = Rect(x: 0, y: 0, width: 30, height: 100)
        #expect(label.lines == ["abcdef", "ghijkl", "mnop"])
    }

    @Test func oneLineLabelsTruncateWithAnEllipsis() {
        let label = Label(text: "a long sentence here", font: .system(10))
        label.frame = Rect(x: 0, y: 0, width: 50, height: 12)
        #expect(label.lines == ["a long se…"])  // exactly 10 characters: 50 pt
    }

    @Test func centredTextIsPlacedInTheMiddleOfTheLabel() {
        let label = Label(text: "abcd", font: .system(10), alignment: .center)
        label.frame = Rect(x: 0, y: 0, width: 100, height: 40)
        let window = Window(size: Size(width: 100, height: 40))
        window.addSubview(label)
        let list = DisplayListBuilder().build(window)
        #expect(
            list.commands.last
                == .text(
                    "abcd", font: .system(10), color: .black, frame: Rect(x: 40, y: 14, width: 20, height: 12), scale: 1
                ))
    }

    @Test func aspectFillCropsTheSourceAndAspectFitLetterboxes() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        let wide = Size(width: 200, height: 100)
        let fill = ImagePlacement(imageSize: wide, bounds: bounds, mode: .scaleAspectFill)
        #expect(fill.destination == bounds)
        #expect(fill.source == Rect(x: 0.25, y: 0, width: 0.5, height: 1))
        let fit = ImagePlacement(imageSize: wide, bounds: bounds, mode: .scaleAspectFit)
        #expect(fit.source == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(fit.destination == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    /// A focus moves an aspect-fill crop towards the subject, but never past the picture's edge.
    @Test func aspectFillCentresItsCropOnTheFocus() {
        let square = Size(width: 100, height: 100)
        let wide = Rect(x: 0, y: 0, width: 160, height: 100)
        let centred = ImagePlacement(imageSize: square, bounds: wide, mode: .scaleAspectFill)
        #expect(centred.source == Rect(x: 0, y: 0.1875, width: 1, height: 0.625))
        let high = ImagePlacement(imageSize: square, bounds: wide, mode: .scaleAspectFill, focus: Point(x: 0.5, y: 0.4))
        #expect(abs(high.source.minY - 0.0875) < 1e-12 && high.source.height == 0.625)
        let top = ImagePlacement(imageSize: square, bounds: wide, mode: .scaleAspectFill, focus: Point(x: 0.5, y: 0))
        #expect(top.source.minY == 0)
        let bottom = ImagePlacement(imageSize: square, bounds: wide, mode: .scaleAspectFill, focus: Point(x: 0.9, y: 1))
        #expect(bottom.source.minY == 0.375)
        let tall = Rect(x: 0, y: 0, width: 50, height: 100)
        let left = ImagePlacement(imageSize: square, bounds: tall, mode: .scaleAspectFill, focus: Point(x: 0.1, y: 0.5))
        #expect(left.source == Rect(x: 0, y: 0, width: 0.5, height: 1))
    }

    @Test func aMissingImageDrawsAVisiblePlaceholder() {
        let window = Window(size: Size(width: 50, height: 50))
        let image = ImageView(image: ImageRef("does-not-exist"))
        image.frame = Rect(x: 0, y: 0, width: 20, height: 20)
        window.addSubview(image)
        let list = DisplayListBuilder().build(window)
        #expect(list.commands.last == .missing(rect: Rect(x: 0, y: 0, width: 20, height: 20), label: "does-not-exist"))
    }
}

/// A live read-out is drawn as its words and each digit apart, where the whole line would be.
@MainActor
@Suite struct LiveReadoutTests {
    @Test func aReadoutIsCutIntoWordsAndDigits() {
        let pieces = Label.readoutPieces(of: "frame: 12.5 -3")
        #expect(pieces.map(\.piece) == ["frame: ", "1", "2", ".", "5", " -", "3"])
        #expect(
            pieces.map(\.before) == [
                "", "frame: ", "frame: 1", "frame: 12", "frame: 12.", "frame: 12.5", "frame: 12.5 -",
            ])
    }

    @Test func itsPiecesCoverTheLineAsTheWholeTextDoes() {
        let window = Window(size: Size(width: 300, height: 40))
        let label = Label(text: "alpha: 0.42", font: .system(13))
        label.frame = Rect(x: 10, y: 5, width: 200, height: 20)
        window.addSubview(label)
        let whole = DisplayListBuilder().build(window, clearColor: .white).commands.compactMap { command -> Rect? in
            if case .text(_, _, _, let frame, _) = command { frame } else { nil }
        }
        label.isLiveReadout = true
        let pieces = DisplayListBuilder().build(window, clearColor: .white).commands.compactMap {
            command -> (String, Rect)? in
            if case .text(let text, _, _, let frame, _) = command { (text, frame) } else { nil }
        }
        #expect(whole.count == 1 && pieces.count == 5)
        #expect(pieces.first?.1.minX == whole.first?.minX)
        #expect(abs((pieces.last?.1.maxX ?? 0) - (whole.first?.maxX ?? 0)) < 1.5)
        #expect(pieces.map(\.0).joined() == "alpha: 0.42")
    }
}
