import Foundation

extension Quake {
  /// The shared, immutable box behind a ``Quake``.
  final class Storage: Sendable, Hashable {
    let id: String
    let magnitude: Double?
    let magnitudeType: String?
    let time: Date
    let updated: Date
    let place: String?
    let longitude: Double
    let latitude: Double
    let depth: Double?
    let url: String?
    let status: ReviewStatus?
    let eventType: String?

    init(
      id: String, magnitude: Double?, magnitudeType: String?, time: Date, updated: Date,
      place: String?, longitude: Double, latitude: Double, depth: Double?, url: String?,
      status: ReviewStatus?, eventType: String?
    ) {
      self.id = id
      self.magnitude = magnitude
      self.magnitudeType = magnitudeType
      self.time = time
      self.updated = updated
      self.place = place
      self.longitude = longitude
      self.latitude = latitude
      self.depth = depth
      self.url = url
      self.status = status
      self.eventType = eventType
    }

    static func == (lhs: Storage, rhs: Storage) -> Bool {
      lhs.id == rhs.id && lhs.magnitude == rhs.magnitude && lhs.magnitudeType == rhs.magnitudeType
        && lhs.time == rhs.time && lhs.updated == rhs.updated && lhs.place == rhs.place
        && lhs.longitude == rhs.longitude && lhs.latitude == rhs.latitude && lhs.depth == rhs.depth
        && lhs.url == rhs.url && lhs.status == rhs.status && lhs.eventType == rhs.eventType
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(self.id)
      hasher.combine(self.magnitude)
      hasher.combine(self.time)
      hasher.combine(self.updated)
      hasher.combine(self.place)
      hasher.combine(self.longitude)
      hasher.combine(self.latitude)
    }
  }
}
