// swift-tools-version: 6.2
import PackageDescription

/// Every target of ours is built in Swift 6 language mode with warnings as errors.
let strictSettings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The modules that touch every pixel of every frame (the renderer, pixel images, the frame
/// checker) are optimized in debug builds too: unoptimized, their loops made `swift test`, the
/// monkey and the render check several times slower, and none of them is stepped through in a debugger.
let pixelSettings: [SwiftSetting] = strictSettings + [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Teardowns",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "teardowns", targets: ["teardowns"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            path: "Modules/CSDL2",
            providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "zlib1g-dev"])]
        ),
        .target(name: "Graphics", swiftSettings: pixelSettings),
        /// The render pipeline's pure passes, their switches and the cost model: what any executor
        /// runs before it draws (it knows nothing of SDL).
        .target(name: "Rendering", dependencies: ["Graphics"], swiftSettings: pixelSettings),
        .target(name: "Motion", dependencies: ["Graphics"], swiftSettings: strictSettings),
        .target(name: "Platform", dependencies: ["Graphics", "Rendering"], swiftSettings: strictSettings),
        .target(
            name: "Views", dependencies: ["Graphics", "Motion", "Platform"], swiftSettings: strictSettings),
        .target(
            name: "Controllers", dependencies: ["Graphics", "Motion", "Platform", "Views"],
            swiftSettings: strictSettings),
        .target(
            name: "Scenes", dependencies: ["Graphics", "Motion", "Platform", "Views", "Controllers"],
            swiftSettings: strictSettings),
        /// The tools that study a scene (the motion lab, tuning, the inspector, captures, export):
        /// below the host, so the compiler keeps them out of it — they see the app only through
        /// `ObservedApp`.
        /// Taking a screen recording apart: reading it through ffmpeg, following an element frame by
        /// frame, fitting its motion. Optimized in debug builds too (it reads every pixel of every frame).
        .target(name: "Teardown", dependencies: ["Graphics", "Motion"], swiftSettings: pixelSettings),
        .target(
            name: "Tools",
            dependencies: [
                "Graphics", "Rendering", "Motion", "Platform", "Views", "Controllers", "Scenes", "Teardown",
            ],
            swiftSettings: strictSettings),
        .target(
            name: "Harness",
            dependencies: ["Graphics", "Rendering", "Motion", "Platform", "Views", "Controllers", "Scenes", "Tools"],
            swiftSettings: pixelSettings),
        .target(
            name: "PlatformSDL", dependencies: ["CSDL2", "Graphics", "Rendering", "Platform"],
            swiftSettings: pixelSettings),
        .executableTarget(
            name: "teardowns",
            dependencies: [
                "Harness", "Tools", "PlatformSDL", "Graphics", "Rendering", "Platform", "Teardown",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "teardowns-bench",
            dependencies: [
                "Graphics", "Rendering", "Motion", "Platform", "Views", "Controllers", "Scenes", "Tools", "Harness",
                "PlatformSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .executableTarget(
            name: "teardowns-monkey",
            dependencies: [
                "Graphics", "Rendering", "Motion", "Platform", "Scenes", "Tools", "Harness", "PlatformSDL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings),
        .target(
            name: "KitTestSupport", dependencies: ["Graphics", "Motion", "Platform", "Views"],
            path: "Tests/KitTestSupport", swiftSettings: strictSettings),
        .testTarget(
            name: "GraphicsTests", dependencies: ["Graphics", "Rendering"], swiftSettings: strictSettings),
        .testTarget(
            name: "PlatformSDLTests", dependencies: ["Graphics", "Rendering", "PlatformSDL", "CSDL2"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MotionTests", dependencies: ["Graphics", "Motion"], swiftSettings: strictSettings),
        .testTarget(
            name: "ViewsTests",
            dependencies: ["Graphics", "Rendering", "Motion", "Platform", "Views", "KitTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "ControllersTests",
            dependencies: ["Graphics", "Motion", "Platform", "Views", "Controllers", "KitTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "HarnessTests",
            dependencies: [
                "Graphics", "Rendering", "Motion", "Platform", "Views", "Controllers", "Scenes", "Tools", "Harness",
                "PlatformSDL", "Teardown",
            ],
            exclude: ["Goldens"],
            swiftSettings: strictSettings),
    ]
)
