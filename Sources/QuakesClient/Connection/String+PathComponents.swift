/// NSString's two path operations that quakectl needs, on `String`: it
/// links FoundationEssentials alone, which has no `NSString`.
extension String {
  /// `self` and `component` joined by a `/` unless `self` ends in one
  /// (`/run/quakesd/` and `control.sock` give `/run/quakesd/control.sock`).
  package func appendingPathComponent(_ component: String) -> String {
    self.isEmpty ? component : self.hasSuffix("/") ? self + component : self + "/" + component
  }

  /// The directory part: `a/b` gives `a`, `/b` gives `/`, `b` gives the empty string.
  package var deletingLastPathComponent: String {
    var path = Substring(self)
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
