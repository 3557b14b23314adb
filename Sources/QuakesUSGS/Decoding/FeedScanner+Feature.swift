import QuakesModel

// One feature: `id`, `properties`, `geometry` (and `type`, skipped), in any
// order. USGS writes `id` last, so a feature is judged once it is read whole.
extension FeedScanner {
  /// Longitude, latitude and depth from `geometry.coordinates`.
  typealias Coordinates = (longitude: Double, latitude: Double, depth: Double?)

  /// Reads the feature object at ``index``.
  ///
  /// - Parameter otherIds: where the feature's other ids (from `ids`) go.
  /// - Returns: the quake, or `nil` when the feature lacks a usable `id`
  ///   (a non-empty string), `time` (a number) or coordinates (at least
  ///   two numbers), or holds a value outside ``QuakeRanges``.
  mutating func readFeature(otherIds: inout [Quake.ID: [Quake.ID]]) throws(FeedDecodingError) -> Quake? {
    var id: String?
    var properties = FeatureProperties()
    var readProperties = false
    var coordinates: Coordinates?
    if try self.enterObject() {
      repeat {
        let (key, first) = try self.readKey()
        switch key {
        case .id:
          id = try self.readOptionalString(first)
        case .properties where first == UInt8(ascii: "{"):
          // A second `properties` member replaces the first, as in any JSON reader.
          if readProperties { properties = FeatureProperties() }
          try self.readProperties(into: &properties)
          readProperties = true
        case .properties:
          properties = FeatureProperties()
          try self.skipValue()
        case .geometry where first == UInt8(ascii: "{"):
          coordinates = try self.readGeometry()
        case .geometry:
          coordinates = nil
          try self.skipValue()
        default:
          try self.skipValue()
        }
      } while try self.nextMember()
    }
    guard let id, !id.isEmpty, let time = properties.time, let coordinates,
      let longitude = QuakeRanges.longitude(fromFeed: coordinates.longitude),
      properties.isInRange, Self.isInRange(coordinates)
    else { return nil }
    if let ids = properties.ids {
      let others = self.otherIds(in: ids, besides: id)
      if !others.isEmpty { otherIds[id] = others }
    }
    let timeDate = Timestamp.date(milliseconds: time)
    return Quake(
      id: id,
      magnitude: properties.magnitude,
      magnitudeType: properties.magnitudeType,
      time: timeDate,
      updated: properties.updated.map(Timestamp.date(milliseconds:)) ?? timeDate,
      place: properties.place,
      longitude: longitude,
      latitude: coordinates.latitude,
      depth: coordinates.depth,
      url: self.derivedText(properties.url, standard: Quake.standardURL(id: id)),
      status: properties.status,
      eventType: properties.eventType,
      impact: properties.impact,
      solution: properties.solution,
      catalog: properties.catalog,
      title: self.derivedText(
        properties.title, standard: Quake.standardTitle(magnitude: properties.magnitude, place: properties.place)),
      ids: self.derivedText(properties.ids, standard: Quake.standardIds(id: id)),
      detail: self.derivedText(properties.detail, standard: Quake.standardDetail(id: id))
    )
  }

  /// Whether the latitude and the depth lie in ``QuakeRanges`` (the
  /// longitude is wrapped into its range, or refused, by the caller).
  private static func isInRange(_ coordinates: Coordinates) -> Bool {
    QuakeRanges.latitude.contains(coordinates.latitude)
      && (coordinates.depth.map(QuakeRanges.depth.contains) ?? true)
  }

  /// Reads the `properties` object at ``index`` into `properties`, which
  /// holds no member yet (filled in place: the struct is large, and a copy
  /// or a reset per feature costs).
  private mutating func readProperties(into properties: inout FeatureProperties) throws(FeedDecodingError) {
    guard try self.enterObject() else { return }
    let order = FeedKey.propertyOrder
    var position = 0
    repeat {
      let (key, first) = position < order.count ? try self.readKey(predicted: order[position]) : try self.readKey()
      position = position < order.count && key == order[position].key ? position &+ 1 : order.count
      switch key {
      case .mag: properties.magnitude = try self.readOptionalDouble(first)
      case .magType: properties.magnitudeType = try self.readOptionalString(first)
      case .time: properties.time = try self.readOptionalInt64(first)
      case .updated: properties.updated = try self.readOptionalInt64(first)
      case .place: properties.place = try self.readOptionalString(first)
      case .url: properties.url = try self.readOptionalSpan(first)
      case .status: properties.status = try self.readOptionalStatus(first)
      case .type: properties.eventType = try self.readOptionalString(first)
      case .ids: properties.ids = try self.readOptionalSpan(first)
      case .felt: properties.impact.felt = try self.readOptionalInteger(first)
      case .cdi: properties.impact.cdi = try self.readOptionalDouble(first)
      case .mmi: properties.impact.mmi = try self.readOptionalDouble(first)
      case .alert: properties.impact.alert = try self.readOptionalString(first).flatMap(AlertLevel.init(word:))
      case .tsunami: properties.impact.tsunami = try self.readOptionalInteger(first).map { $0 != 0 }
      case .sig: properties.impact.significance = try self.readOptionalInteger(first)
      case .nst: properties.solution.stationCount = try self.readOptionalInteger(first)
      case .dmin: properties.solution.minimumDistance = try self.readOptionalDouble(first)
      case .rms: properties.solution.rootMeanSquare = try self.readOptionalDouble(first)
      case .gap: properties.solution.azimuthalGap = try self.readOptionalDouble(first)
      case .title: properties.title = try self.readOptionalSpan(first)
      case .net: properties.catalog.network = try self.readOptionalString(first)
      case .code: properties.catalog.code = try self.readOptionalString(first)
      case .sources: properties.catalog.sources = try self.readOptionalList(first)
      case .types: properties.catalog.productTypes = try self.readOptionalList(first)
      case .detail: properties.detail = try self.readOptionalSpan(first)
      case .tz: properties.catalog.timeZoneOffset = try self.readOptionalInteger(first)
      default:
        try self.skipValue()
      }
    } while try self.nextMember()
  }

  /// Reads the `geometry` object at ``index``: its `coordinates`, if usable.
  private mutating func readGeometry() throws(FeedDecodingError) -> Coordinates? {
    var coordinates: Coordinates?
    guard try self.enterObject() else { return nil }
    repeat {
      let (key, first) = try self.readKey()
      switch key {
      case .coordinates where first == UInt8(ascii: "["):
        coordinates = try self.readCoordinates()
      case .coordinates:
        coordinates = nil
        try self.skipValue()
      default:
        try self.skipValue()
      }
    } while try self.nextMember()
    return coordinates
  }

  /// Reads the `coordinates` array at ``index``: longitude and latitude must
  /// be finite numbers; depth is the third element when that is one.
  /// Further elements are checked and ignored.
  private mutating func readCoordinates() throws(FeedDecodingError) -> Coordinates? {
    guard try self.enterArray() else { return nil }
    var values: (Double?, Double?, Double?)
    var position = 0
    repeat {
      let value = try self.readOptionalDouble(self.base[self.index])
      switch position {
      case 0: values.0 = value
      case 1: values.1 = value
      case 2: values.2 = value
      default: break
      }
      position &+= 1
    } while try self.nextElement()
    guard let longitude = values.0, let latitude = values.1 else { return nil }
    return (longitude, latitude, values.2)
  }

  /// The string at ``index`` (`first` is its first byte), or `nil` after
  /// skipping a value of another type.
  @inline(__always)
  private mutating func readOptionalString(_ first: UInt8) throws(FeedDecodingError) -> String? {
    guard first == UInt8(ascii: "\"") else {
      try self.skipValue()
      return nil
    }
    return try self.readString()
  }

  /// The finite number at ``index``, or `nil` after skipping a value of
  /// another type (or a number beyond the double range).
  @inline(__always)
  private mutating func readOptionalDouble(_ first: UInt8) throws(FeedDecodingError) -> Double? {
    guard Self.startsNumber(first) else {
      try self.skipValue()
      return nil
    }
    let value = self.double(try self.scanNumber())
    return value.isFinite ? value : nil
  }

  /// The number at ``index`` when it is a whole number within ±2^53, or
  /// `nil` (after skipping a value of another type).
  @inline(__always)
  private mutating func readOptionalInteger(_ first: UInt8) throws(FeedDecodingError) -> Int? {
    guard let value = try self.readOptionalDouble(first), value == value.rounded(.towardZero),
      abs(value) <= 9_007_199_254_740_992
    else { return nil }
    return Int(value)
  }

  /// The comma-wrapped list at ``index``, its text shared with every equal
  /// one of the feed, or `nil` after skipping a value of another type.
  @inline(__always)
  private mutating func readOptionalList(_ first: UInt8) throws(FeedDecodingError) -> CommaWrappedList? {
    guard first == UInt8(ascii: "\"") else {
      try self.skipValue()
      return nil
    }
    let span = try self.skipString()
    if span.escaped {
      return CommaWrappedList(text: self.interner.string(self.unescape(from: span.start, to: span.end)))
    }
    let bytes = UnsafeBufferPointer(start: self.base + span.start, count: span.end &- span.start)
    return CommaWrappedList(text: self.interner.string(bytes))
  }

  /// Where the string at ``index`` is, or `nil` after skipping a value of another type.
  @inline(__always)
  private mutating func readOptionalSpan(_ first: UInt8) throws(FeedDecodingError) -> FeatureProperties.StringSpan? {
    guard first == UInt8(ascii: "\"") else {
      try self.skipValue()
      return nil
    }
    return try self.skipString()
  }

  /// The string at `span` as a quake keeps it: `standard` when it is the
  /// text USGS writes to `standard`'s pattern (recognised in the body's
  /// bytes, no string made).
  private func derivedText(_ span: FeatureProperties.StringSpan?, standard: Quake.TextPattern?) -> DerivedText {
    guard let span else { return .absent }
    if span.escaped {
      return self.unescape(from: span.start, to: span.end).withUnsafeBytes {
        DerivedText(bytes: $0, standard: standard)
      }
    }
    return DerivedText(
      bytes: UnsafeRawBufferPointer(start: self.base + span.start, count: span.end &- span.start), standard: standard)
  }

  /// The number at ``index`` as whole milliseconds, or `nil`.
  @inline(__always)
  private mutating func readOptionalInt64(_ first: UInt8) throws(FeedDecodingError) -> Int64? {
    guard Self.startsNumber(first) else {
      try self.skipValue()
      return nil
    }
    return self.int64(try self.scanNumber())
  }

  /// The review status at ``index``: the two common words without making a
  /// string, any other lower-cased by ``ReviewStatus``.
  @inline(__always)
  private mutating func readOptionalStatus(_ first: UInt8) throws(FeedDecodingError) -> ReviewStatus? {
    guard first == UInt8(ascii: "\"") else {
      try self.skipValue()
      return nil
    }
    let (start, end, escaped) = try self.skipString()
    if !escaped {
      let bytes = UnsafeBufferPointer(start: self.base + start, count: end &- start)
      if FeedKey.equals(bytes, "reviewed") { return .reviewed }
      if FeedKey.equals(bytes, "automatic") { return .automatic }
      return ReviewStatus(rawValue: String(decoding: bytes, as: UTF8.self))
    }
    return ReviewStatus(rawValue: String(decoding: self.unescape(from: start, to: end), as: UTF8.self))
  }

  /// The ids in the comma-wrapped `ids` list at `span` (`,us7000abcd,at00xyz,`)
  /// other than `id`, in their order.
  private func otherIds(in span: FeatureProperties.StringSpan, besides id: String) -> [Quake.ID] {
    if span.escaped {
      let text = String(decoding: self.unescape(from: span.start, to: span.end), as: UTF8.self)
      return text.split(separator: ",").map(String.init).filter { $0 != id }
    }
    var others: [Quake.ID] = []
    var id = id
    id.withUTF8 { id in
      var segmentStart = span.start
      for offset in span.start...span.end where offset == span.end || self.base[offset] == UInt8(ascii: ",") {
        if offset > segmentStart {
          let segment = UnsafeBufferPointer(start: self.base + segmentStart, count: offset &- segmentStart)
          if !segment.elementsEqual(id) {
            others.append(String(decoding: segment, as: UTF8.self))
          }
        }
        segmentStart = offset &+ 1
      }
    }
    return others
  }
}
