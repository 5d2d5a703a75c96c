#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered writes to stdout/stderr without Foundation, so messages interleave correctly with SDL's own.
public struct FileOutput: Sendable {
    private let descriptor: Int32

    public static let standardOutput = FileOutput(descriptor: 1)
    public static let standardError = FileOutput(descriptor: 2)

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                #if canImport(Glibc)
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
