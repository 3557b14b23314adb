public import QuakesModel

extension QuakesReducer {
  /// A request the reducer cannot apply to the current state.
  public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
    /// The cache holds no quake with this id.
    case quakeNotFound(Quake.ID)

    public var description: String {
      switch self {
      case .quakeNotFound(let id): "no quake with id \(id) in the cache"
      }
    }
  }
}
