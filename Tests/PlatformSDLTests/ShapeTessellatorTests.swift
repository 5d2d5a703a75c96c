import Testing

@testable import PlatformSDL
@testable import Rendering

/// The meshes behind rounded corners and shadows: their outline must sit where the shape's edge is.
@Suite struct ShapeTessellatorTests {
    @Test func circleOutlineLiesOnTheRadiusWithAOnePixelFeather() {
        let mesh = ShapeTessellator.roundedRect(x: 0, y: 0, width: 100, height: 100, radius: 50)
        let inner = mesh.vertices.filter { $0.coverage == 1 }.dropFirst()  // skip the centre
        let outer = mesh.vertices.filter { $0.coverage == 0 }
        for vertex in inner {
            let distance =
                ((Double(vertex.x) - 50) * (Double(vertex.x) - 50) + (Double(vertex.y) - 50) * (Double(vertex.y) - 50))
                .squareRoot()
            #expect(abs(distance - 49.5) < 0.01)
        }
        for vertex in outer {
            let distance =
                ((Double(vertex.x) - 50) * (Double(vertex.x) - 50) + (Double(vertex.y) - 50) * (Double(vertex.y) - 50))
                .squareRoot()
            #expect(abs(distance - 50.5) < 0.01)
        }
        #expect(mesh.indices.allSatisfy { $0 >= 0 && Int($0) < mesh.vertices.count })
    }

    @Test func shadowFadesFromInsideToOutsideTheEdge() {
        let mesh = ShapeTessellator.shadow(x: 10, y: 10, width: 80, height: 40, radius: 0, blur: 6)
        let xs = mesh.vertices.filter { $0.coverage == 0 }.map(\.x)
        #expect(xs.min() == 4)
        #expect(xs.max() == 96)
        let halfway = mesh.vertices.filter { $0.coverage == 0.5 }.map(\.x)
        #expect(halfway.min() == 10 && halfway.max() == 90)
    }

    @Test func radiusIsClampedToHalfTheShortSide() {
        let mesh = ShapeTessellator.roundedRect(x: 0, y: 0, width: 20, height: 10, radius: 40)
        let inner = mesh.vertices.filter { $0.coverage == 1 }.dropFirst()
        #expect(inner.map(\.y).min()! >= 0.49)
        #expect(inner.map(\.y).max()! <= 9.51)
    }
}
