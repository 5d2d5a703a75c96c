import CSDL2

/// How the process's large pixel buffers (pictures, textures, layers: a megabyte and more each)
/// meet the C allocator.
enum PixelMemory {
    /// Hands the heap's free pages back to the system. glibc raises its mapping threshold as large
    /// blocks are freed (up to 32 MB), after which pictures and textures come from the heap, whose
    /// freed holes a differently sized next buffer cannot reuse: the Rooms fling's resident memory
    /// grew 6 MB past what it held live (a picture decode frees a 9 MB copy, then a 6.5 MB
    /// texture takes fresh pages). Called when a picture has become a texture, a rare moment; a
    /// fixed threshold instead would map and unmap the renderer's frame-sized scratch buffers
    /// every frame (0.5 ms a frame at 2×).
    static func giveFreedPagesBack() {
        _ = malloc_trim(0)
    }
}
