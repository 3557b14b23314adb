/// The event types of QuakeML 1.2 (`bed:EventType`): a USGS type is
/// written as it is when QuakeML has it (in lower case, `_` read as a
/// space), else as `other event`, so that the document stays valid.
enum QuakeMLEventType {
  static let known: Set<String> = [
    "not existing", "not reported", "earthquake", "anthropogenic event", "collapse", "cavity collapse",
    "mine collapse", "building collapse", "explosion", "accidental explosion", "chemical explosion",
    "controlled explosion", "experimental explosion", "industrial explosion", "mining explosion", "quarry blast",
    "road cut", "blasting levee", "nuclear explosion", "induced or triggered event", "rock burst",
    "reservoir loading", "fluid injection", "fluid extraction", "crash", "plane crash", "train crash", "boat crash",
    "other event", "atmospheric event", "sonic boom", "sonic blast", "acoustic noise", "thunder", "avalanche",
    "snow avalanche", "debris avalanche", "hydroacoustic event", "ice quake", "slide", "landslide", "rockslide",
    "meteorite", "volcanic eruption",
  ]

  /// The QuakeML type of a USGS `type`; `nil` when the quake has none.
  static func of(_ usgsType: String?) -> String? {
    guard let usgsType, !usgsType.isEmpty else { return nil }
    // USGS's types are mostly QuakeML's already ("earthquake", "quarry blast").
    if Self.known.contains(usgsType) { return usgsType }
    let word = usgsType.lowercased().replacing("_", with: " ")
    return Self.known.contains(word) ? word : "other event"
  }
}
