/// Nelder and Mead's downhill simplex: the minimum of a function of a few numbers, without its
/// derivatives (a motion curve's error as a function of its damping, duration and start). Pure and
/// deterministic: the same start gives the same answer on every machine.
package enum NelderMead {
    /// The point near `start` where `cost` is least, searched with initial steps `steps` (one per
    /// coordinate), for at most `iterations` rounds or until the simplex's costs agree to `tolerance`.
    package static func minimize(
        start: [Double], steps: [Double], iterations: Int = 400, tolerance: Double = 1e-10,
        cost: ([Double]) -> Double
    ) -> (point: [Double], cost: Double) {
        let n = start.count
        var simplex: [[Double]] = [start]
        for index in 0..<n {
            var vertex = start
            vertex[index] += steps[index]
            simplex.append(vertex)
        }
        var costs = simplex.map(cost)
        for _ in 0..<iterations {
            let order = costs.indices.sorted { costs[$0] < costs[$1] }
            simplex = order.map { simplex[$0] }
            costs = order.map { costs[$0] }
            if abs(costs[n] - costs[0]) <= tolerance * (abs(costs[0]) + 1e-12) { break }
            let centroid = (0..<n).map { axis in simplex[0..<n].reduce(0) { $0 + $1[axis] } / Double(n) }
            func along(_ factor: Double) -> [Double] {
                (0..<n).map { centroid[$0] + factor * (simplex[n][$0] - centroid[$0]) }
            }
            let reflected = along(-1)
            let reflectedCost = cost(reflected)
            if reflectedCost < costs[0] {
                let expanded = along(-2)
                let expandedCost = cost(expanded)
                (simplex[n], costs[n]) =
                    expandedCost < reflectedCost ? (expanded, expandedCost) : (reflected, reflectedCost)
            } else if reflectedCost < costs[n - 1] {
                (simplex[n], costs[n]) = (reflected, reflectedCost)
            } else {
                let contracted = reflectedCost < costs[n] ? along(-0.5) : along(0.5)
                let contractedCost = cost(contracted)
                if contractedCost < min(reflectedCost, costs[n]) {
                    (simplex[n], costs[n]) = (contracted, contractedCost)
                } else {
                    // Shrink every vertex towards the best.
                    for index in 1...n {
                        simplex[index] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[index][$0] - simplex[0][$0]) }
                        costs[index] = cost(simplex[index])
                    }
                }
            }
        }
        let best = costs.indices.min { costs[$0] < costs[$1] } ?? 0
        return (simplex[best], costs[best])
    }
}
