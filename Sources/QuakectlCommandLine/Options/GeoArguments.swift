import ArgumentParser
import FoundationEssentials
import Glibc
import QuakesModel
import QuakesProtocol

/// The forms of the geographic flags: `LAT,LON`, a distance with its unit,
/// a box, a GeoJSON file. The daemon checks the ranges and says what is wrong.
enum GeoArguments {
  /// Kilometres per statute mile.
  static let kilometresPerMile = 1.609_344

  /// `47.61,-122.33` as a point, or `nil`.
  static func point(_ text: String) -> (latitude: Double, longitude: Double)? {
    let numbers = Self.numbers(text)
    guard let numbers, numbers.count == 2 else { return nil }
    return (numbers[0], numbers[1])
  }

  /// `250km`, `250` (km) or `150mi` in km, or `nil` (negative and non-finite too).
  static func kilometres(_ text: String) -> Double? {
    let trimmed = text.trimmingWhitespace.lowercased()
    let (number, factor): (Substring, Double) =
      trimmed.hasSuffix("km")
      ? (trimmed.dropLast(2), 1)
      : trimmed.hasSuffix("mi") ? (trimmed.dropLast(2), Self.kilometresPerMile) : (trimmed[...], 1)
    guard let value = Double(number.trimmingWhitespace), value.isFinite, value >= 0 else {
      return nil
    }
    return value * factor
  }

  /// `MINLAT,MINLON,MAXLAT,MAXLON` as box params, or `nil`.
  static func box(_ text: String) -> GeoBox? {
    guard let numbers = Self.numbers(text), numbers.count == 4 else { return nil }
    return GeoBox(
      minLatitude: numbers[0], maxLatitude: numbers[2], minLongitude: numbers[1], maxLongitude: numbers[3])
  }

  /// The Polygon or MultiPolygon of a GeoJSON file: a bare geometry, a
  /// Feature, or a FeatureCollection of one feature.
  static func geometry(inFile path: String) throws -> GeometryParams {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = ((error as? CocoaError)?.underlying as? POSIXError).map {
        String(cString: strerror($0.code.rawValue))
      }
      throw ValidationError("--within \(path): cannot read it (\(reason ?? String(describing: error)))")
    }
    let document: GeoJSONDocument
    do {
      document = try JSONDecoder().decode(GeoJSONDocument.self, from: data)
    } catch {
      throw ValidationError("--within \(path) is not GeoJSON: \(error)")
    }
    guard let geometry = document.polygon else {
      throw ValidationError(
        "--within \(path) holds no polygon: give a Polygon or MultiPolygon, bare, in a Feature, or in a FeatureCollection of one feature"
      )
    }
    return geometry
  }

  private static func numbers(_ text: String) -> [Double]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let numbers = parts.compactMap { Double($0.trimmingWhitespace) }
    guard numbers.count == parts.count, numbers.allSatisfy(\.isFinite) else { return nil }
    return numbers
  }
}

/// A GeoJSON object as far as `--within` reads it.
private struct GeoJSONDocument: Decodable {
  let type: String
  let coordinates: NestedNumbers?
  let geometry: GeometryParams?
  let features: [Feature]?

  struct Feature: Decodable {
    let geometry: GeometryParams?
  }

  /// The one polygon geometry the document holds, if it holds exactly one.
  var polygon: GeometryParams? {
    switch self.type {
    case "Polygon", "MultiPolygon": self.coordinates.map { GeometryParams(type: self.type, coordinates: $0) }
    case "Feature": self.geometry
    case "FeatureCollection": self.features?.count == 1 ? self.features?.first?.geometry : nil
    default: nil
    }
  }
}
