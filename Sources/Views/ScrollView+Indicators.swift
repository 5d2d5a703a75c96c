/// The scroll indicators: shown while the content moves, faded out once it rests.
extension ScrollView {
    func updateIndicators() {
        guard showsScrollIndicators else { return }
        indicators.update(for: self)
    }

    func showIndicators() {
        guard showsScrollIndicators else { return }
        indicators.show()
    }

    func hideIndicatorsSoon() {
        guard showsScrollIndicators else { return }
        indicators.hideSoon()
    }
}
