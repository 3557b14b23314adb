import Foundation

/// "Did you mean …?" for a misspelt key: the nearest known name by edit
/// distance, when it is near enough to be the likely intent.
enum KeySuggestion {
  /// The name in `names` nearest to `text` (ignoring case, `_` read as `-`),
  /// when at most a third of its letters (and at least 2) differ; `nil` otherwise.
  static func nearest(to text: String, among names: [String]) -> String? {
    let typed = Array(text.lowercased().replacingOccurrences(of: "_", with: "-"))
    let scored = names.map { name in (name, Self.editDistance(typed, Array(name))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let tolerance = max(2, best.0.count / 3)
    return best.1 <= tolerance ? best.0 : nil
  }

  /// Levenshtein distance: insertions, deletions and substitutions.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, left) in a.enumerated() {
      var current = [i + 1]
      for (j, right) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
