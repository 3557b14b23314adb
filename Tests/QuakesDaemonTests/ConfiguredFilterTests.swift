import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

@testable import QuakesDaemon

/// A filter in the configuration (a retention or an alert rule) takes every
/// filter of the table under its kebab-case name.
@Suite("Configured filters: every filter of the table, in kebab-case")
struct ConfiguredFilterTests {
  @Test("each configuration name reaches its filter, and only it", arguments: QuakesFilterField.allCases)
  func configurationNames(field: QuakesFilterField) throws {
    let value = try JSONSerialization.jsonObject(with: Data(field.sample.json.utf8), options: .fragmentsAllowed)
    let filter = try ConfiguredFilter.filter(from: [field.declaration.configuration: value])
    #expect(filter.givenFields == [field], "\(field.declaration.configuration): \(filter.givenFields)")
  }

  @Test("a name that is not a filter is refused with the list of those that are")
  func unknownName() throws {
    let refusal = try #require(throws: ConfiguredFilter.Refusal.self) {
      try ConfiguredFilter.filter(from: ["min-magnitde": 4])
    }
    #expect(refusal.message.contains("\"min-magnitde\" is not a filter"))
    for field in QuakesFilterField.allCases {
      #expect(refusal.message.contains(field.declaration.configuration), "\(field)")
    }
  }
}
