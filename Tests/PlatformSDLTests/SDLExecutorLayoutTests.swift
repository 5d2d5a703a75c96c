import CSDL2
import Testing

@testable import PlatformSDL
@testable import Rendering

/// The executor hands the drawing's rects and vertices to SDL without copying them: that holds
/// only while their layouts are SDL's.
@Suite struct SDLExecutorLayoutTests {
    @Test func pixelBoxesAreLaidOutAsSDLRects() {
        #expect(MemoryLayout<PixelBox>.size == MemoryLayout<SDL_Rect>.size)
        #expect(MemoryLayout<PixelBox>.stride == MemoryLayout<SDL_Rect>.stride)
        #expect(MemoryLayout<PixelBox>.offset(of: \PixelBox.h) == MemoryLayout<SDL_Rect>.offset(of: \SDL_Rect.h))
    }

    @Test func verticesAreLaidOutAsSDLVertices() {
        #expect(MemoryLayout<ExecutorVertex>.size == MemoryLayout<SDL_Vertex>.size)
        #expect(MemoryLayout<ExecutorVertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        #expect(
            MemoryLayout<ExecutorVertex>.offset(of: \ExecutorVertex.color)
                == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.color))
        #expect(
            MemoryLayout<ExecutorVertex>.offset(of: \ExecutorVertex.u)
                == MemoryLayout<SDL_Vertex>.offset(of: \SDL_Vertex.tex_coord))
    }
}
