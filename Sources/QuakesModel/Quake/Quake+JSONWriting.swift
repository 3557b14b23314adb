extension Quake {
  /// Appends the quake's JSON object (``Quake``'s `Codable` shape, the
  /// same bytes `JSONEncoder` with sorted keys writes), with the two
  /// measurements of a list among its keys when they are given.
  ///
  /// The texts USGS writes to a pattern are written from their pieces,
  /// never joined into a string first.
  public func writeJSON(to buffer: inout JSONBuffer, distanceKm: Double? = nil, bearing: Double? = nil) {
    let quake = self.storage
    buffer.append(member: "{\"alert\":", quake.alert?.rawValue)
    buffer.append(member: ",\"azimuthalGap\":", quake.azimuthalGap.value)
    if let bearing {
      buffer.append(member: ",\"bearing\":", bearing)
    }
    buffer.append(member: ",\"cdi\":", quake.cdi.value)
    buffer.append(member: ",\"code\":", quake.code)
    buffer.append(member: ",\"depth\":", quake.depth)
    buffer.append(raw: ",\"detail\":")
    Self.append(quake.detail, standard: Self.standardDetail(id: quake.id), to: &buffer)
    if let distanceKm {
      buffer.append(member: ",\"distanceKm\":", distanceKm)
    }
    buffer.append(member: ",\"eventType\":", quake.eventType)
    buffer.append(member: ",\"felt\":", quake.felt.value)
    buffer.append(member: ",\"id\":", quake.id)
    buffer.append(raw: ",\"ids\":")
    Self.appendIds(of: quake, to: &buffer)
    buffer.append(member: ",\"latitude\":", quake.latitude)
    buffer.append(member: ",\"longitude\":", quake.longitude)
    buffer.append(member: ",\"magnitude\":", quake.magnitude)
    buffer.append(member: ",\"magnitudeType\":", quake.magnitudeType)
    buffer.append(member: ",\"minimumDistance\":", quake.minimumDistance.value)
    buffer.append(member: ",\"mmi\":", quake.mmi.value)
    buffer.append(member: ",\"network\":", quake.network)
    buffer.append(member: ",\"place\":", quake.place)
    buffer.append(raw: ",\"productTypes\":")
    Self.append(quake.productTypes, to: &buffer)
    buffer.append(member: ",\"rootMeanSquare\":", quake.rootMeanSquare.value)
    buffer.append(member: ",\"significance\":", quake.significance.value)
    buffer.append(raw: ",\"sources\":")
    Self.append(quake.sources, to: &buffer)
    buffer.append(member: ",\"stationCount\":", quake.stationCount.value)
    buffer.append(member: ",\"status\":", quake.status?.rawValue)
    buffer.append(raw: ",\"time\":")
    buffer.append(timestamp: quake.time)
    buffer.append(member: ",\"timeZoneOffset\":", quake.timeZoneOffset.value)
    buffer.append(raw: ",\"title\":")
    Self.append(quake.title, standard: Self.standardTitle(magnitude: quake.magnitude, place: quake.place), to: &buffer)
    buffer.append(member: ",\"tsunami\":", quake.tsunami)
    buffer.append(raw: ",\"updated\":")
    buffer.append(timestamp: quake.updated)
    buffer.append(raw: ",\"url\":")
    Self.append(quake.url, standard: Self.standardURL(id: quake.id), to: &buffer)
    buffer.append(raw: "}")
  }

  private static func append(_ text: DerivedText, standard: TextPattern?, to buffer: inout JSONBuffer) {
    switch text {
    case .absent: buffer.appendNull()
    case .standard:
      if let standard { buffer.append(standard) } else { buffer.appendNull() }
    case .verbatim(let text): buffer.append(text)
    }
  }

  /// `ids` as a JSON array. The usual list, `,ID,`, is the id alone (for an
  /// ASCII id without commas; any other goes through the general split).
  private static func appendIds(of quake: Storage, to buffer: inout JSONBuffer) {
    switch quake.ids {
    case .absent: buffer.appendNull()
    case .standard where !quake.id.isEmpty && quake.id.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: ",") }):
      buffer.append(raw: "[")
      buffer.append(quake.id)
      buffer.append(raw: "]")
    case .standard: buffer.append(commaWrapped: Self.standardIds(id: quake.id).text)
    case .verbatim(let text): buffer.append(commaWrapped: text)
    }
  }

  private static func append(_ list: CommaWrappedList?, to buffer: inout JSONBuffer) {
    guard let list else { return buffer.appendNull() }
    buffer.append(commaWrapped: list.text)
  }
}
