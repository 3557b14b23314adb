import Foundation
import QuakesModel
import QuakesTestSupport
import Testing

/// The manual pages are written by hand, so their headers would drift from
/// the release; this keeps them on ``QuakesdProduct/version``, the one
/// version `--version`, `daemon.info` and the User-Agent print.
@Suite("Manual page headers name the release")
struct ManualPageVersionTests {
  @Test(
    "each page's .TH line names QuakesdProduct.version",
    arguments: [("man/quakesd.8", "quakesd"), ("man/quakesd.conf.5", "quakesd"), ("man/quakectl.1", "quakectl")])
  func header(page: String, program: String) throws {
    let text = try String(contentsOf: ManualPage.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
    let header = text.split(separator: "\n").first { $0.hasPrefix(".TH ") }
    #expect(header?.contains("\"\(program) \(QuakesdProduct.version)\"") == true, "\(page): \(header ?? "no .TH line")")
  }
}
