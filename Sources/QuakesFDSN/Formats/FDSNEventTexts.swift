import QuakesModel
import Synchronization

/// The texts of the events the service wrote, by format and id, kept for
/// the answers that come while the cache does not change: a client that
/// polls the newest 100 asks for the same events again and again, and
/// writing them (QuakeML above all) was most of what such an answer cost.
///
/// The texts are those of one generation, the cache's count of committed
/// changes that also makes the answers' `ETag`: the first answer of a
/// later generation forgets them all, and an answer of an earlier one
/// (which raced a change) neither reads nor keeps any. The count moves
/// after a write commits, so an answer checks, after its page is read,
/// that the database it read was still that generation's
/// (`CatalogueReader.isSettled(at:)`), and otherwise answers without the
/// texts (``FDSNEventService``).
///
/// Memory is bounded by ``budget``: the texts are kept in two halves, the
/// recent and the older. When the recent half is full it becomes the
/// older one and the older is forgotten; a text found in the older half
/// moves to the recent one. So the events asked for often stay, and an
/// answer of many others (a large `limit`) passes through.
package final class FDSNEventTexts: Sendable {
  private struct Key: Hashable {
    let format: FDSNFormat
    let id: Quake.ID
  }

  private struct Halves {
    var generation = Int.min
    var recent: [Key: [UInt8]] = [:]
    var older: [Key: [UInt8]] = [:]
    var recentBytes = 0
  }

  /// The budget unless configured: 8 MiB, about 6,000 events of QuakeML.
  package static let defaultBudget = 8 << 20

  /// The most bytes the texts take, with an allowance for each key; 0
  /// keeps none.
  package let budget: Int
  private let halves = Mutex(Halves())
  /// How many texts answers copied from here, and how many they kept.
  private let copied = Atomic(0)
  private let kept = Atomic(0)

  /// What a kept text costs beyond its bytes: its key, its array's header
  /// and the dictionary's slot, about.
  static let overhead = 96

  /// Keeps at most `budget` bytes of texts (0: none).
  package init(budget: Int) {
    self.budget = max(budget, 0)
  }

  /// Whether texts are kept at all.
  var isEnabled: Bool { self.budget > 0 }

  /// Starts an answer of `generation`: forgets the texts of an earlier
  /// one. Whether the answer may read and keep texts: not when a later
  /// generation's texts are kept already.
  func begin(generation: Int) -> Bool {
    guard self.isEnabled else { return false }
    return self.halves.withLock { halves in
      if generation > halves.generation {
        halves = Halves(generation: generation)
      }
      return generation == halves.generation
    }
  }

  /// The text of the event `id` in `format`, if it is kept for `generation`.
  func text(of id: Quake.ID, in format: FDSNFormat, generation: Int) -> [UInt8]? {
    let key = Key(format: format, id: id)
    let text: [UInt8]? = self.halves.withLock { halves in
      guard halves.generation == generation else { return nil }
      if let text = halves.recent[key] { return text }
      guard let text = halves.older.removeValue(forKey: key) else { return nil }
      Self.keep(text, for: key, in: &halves, budget: self.budget)
      return text
    }
    if text != nil { self.copied.add(1, ordering: .relaxed) }
    return text
  }

  /// Keeps `text`, the event `id` in `format` as `generation` has it,
  /// unless a later generation's texts are kept by now.
  func keep(_ text: [UInt8], of id: Quake.ID, in format: FDSNFormat, generation: Int) {
    guard self.isEnabled else { return }
    self.halves.withLock { halves in
      guard halves.generation == generation else { return }
      Self.keep(text, for: Key(format: format, id: id), in: &halves, budget: self.budget)
    }
    self.kept.add(1, ordering: .relaxed)
  }

  /// How many texts answers copied from here, and how many they offered
  /// to keep, since the start.
  var counts: (copied: Int, kept: Int) {
    (self.copied.load(ordering: .relaxed), self.kept.load(ordering: .relaxed))
  }

  /// How many texts are kept, and their bytes with their allowance.
  var usage: (texts: Int, bytes: Int) {
    self.halves.withLock { halves in
      let texts = halves.recent.count + halves.older.count
      let bytes = (halves.recent.values.map(\.count).reduce(0, +) + halves.older.values.map(\.count).reduce(0, +))
      return (texts, bytes + texts * Self.overhead)
    }
  }

  private static func keep(_ text: [UInt8], for key: Key, in halves: inout Halves, budget: Int) {
    let cost = text.count + Self.overhead
    // A text that would fill half the budget alone is not kept.
    guard cost <= budget / 2 else { return }
    if halves.recentBytes + cost > budget / 2 {
      halves.older = halves.recent
      halves.recent = [:]
      halves.recentBytes = 0
    }
    if let replaced = halves.recent.updateValue(text, forKey: key) {
      halves.recentBytes -= replaced.count + Self.overhead
    }
    halves.recentBytes += cost
  }
}

extension FDSNEventTexts {
  /// One answer's use of the texts: those it found kept while its page
  /// was read (held here, so that none is forgotten before it is
  /// written), and those it keeps of the events it wrote.
  final class Answer: Sendable {
    let texts: FDSNEventTexts
    let format: FDSNFormat
    let generation: Int
    private let found = Mutex<[Quake.ID: [UInt8]]>([:])

    init(_ texts: FDSNEventTexts, format: FDSNFormat, generation: Int) {
      self.texts = texts
      self.format = format
      self.generation = generation
    }

    /// Whether the text of `id` is kept; if so, it is the answer's.
    func holds(_ id: Quake.ID) -> Bool {
      guard let text = self.texts.text(of: id, in: self.format, generation: self.generation) else { return false }
      self.found.withLock { $0[id] = text }
      return true
    }

    /// The text of `id` ``holds(_:)`` found.
    func text(of id: Quake.ID) -> [UInt8]? {
      self.found.withLock { $0[id] }
    }

    /// Keeps `text`, the event `id` as this answer wrote it.
    func keep(_ text: [UInt8], of id: Quake.ID) {
      self.texts.keep(text, of: id, in: self.format, generation: self.generation)
    }
  }

  /// The answer of `format` at `generation` may use the texts: not when
  /// none are kept, nor when a later generation's are (``begin(generation:)``).
  func answer(in format: FDSNFormat, generation: Int) -> Answer? {
    self.begin(generation: generation) ? Answer(self, format: format, generation: generation) : nil
  }
}
