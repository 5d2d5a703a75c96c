/// What the teardown inspector shows: nothing, the tree exploded in depth (3D) or outlined (2D).
public enum InspectorMode: String, Sendable {
    case off
    case exploded = "3d"
    case outlined = "2d"
}
