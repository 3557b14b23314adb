import Foundation
import QuakesModel

extension FDSNEventRequest {
  /// One parameter's text, read as its type; each failure names the
  /// parameter, the value and what it must be.
  struct ParameterValue {
    let parameter: FDSNParameter
    let text: String

    /// A finite number within `range`.
    func number(in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
      throws(FDSNRequestError) -> Double
    {
      guard let number = Double(self.text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
        throw self.bad("a number")
      }
      guard range.contains(number) else {
        throw self.bad("a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))")
      }
      return number
    }

    /// A whole number within `range`.
    func integer(in range: ClosedRange<Int>) throws(FDSNRequestError) -> Int {
      guard let number = Int(self.text.trimmingCharacters(in: .whitespaces)), range.contains(number) else {
        throw self.bad("a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }

    /// `true` or `false`, in any case.
    func boolean() throws(FDSNRequestError) -> Bool {
      switch self.text.lowercased() {
      case "true": return true
      case "false": return false
      default: throw self.bad("true or false")
      }
    }

    /// A time as the specification writes it (`2024-03-10`,
    /// `2024-03-10T12:00:00`, with a fraction and a `Z` or offset), UTC
    /// unless it says otherwise.
    func time() throws(FDSNRequestError) -> Date {
      guard let date = Timestamp.parseISO8601(self.text.trimmingCharacters(in: .whitespaces)) else {
        throw self.bad("a time such as 2024-03-10T12:00:00 (UTC unless an offset is given)")
      }
      return date
    }

    /// Text that is not empty.
    func word() throws(FDSNRequestError) -> String {
      let word = self.text.trimmingCharacters(in: .whitespaces)
      guard !word.isEmpty else { throw self.bad("not empty") }
      return word
    }

    private func bad(_ what: String) -> FDSNRequestError {
      FDSNRequestError("Bad \(self.parameter.rawValue) value: \(self.text). It must be \(what).")
    }

    private static func text(_ number: Double) -> String {
      number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
  }
}
