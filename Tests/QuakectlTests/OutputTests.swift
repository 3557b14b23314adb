import Foundation
import QuakesClient
import QuakesModel
import Testing

/// Time arguments and how many seconds before 2023-11-14T22:13:20Z each names.
private let timeArgumentCases: [(String, Double)] = [
  ("90m", 5_400), ("6h", 21_600), ("2d", 172_800), ("1w", 604_800), ("30s", 30), ("1.5h", 5_400),
  ("2023-11-14T22:13:20Z", 0), ("2023-11-14", 80_000),
]

/// The pure pieces of quakectl's output and input.
@Suite("quakectl output and time arguments")
struct OutputTests {
  private let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test("relative ages count back from now; ISO times and dates parse", arguments: timeArgumentCases)
  func timeArguments(text: String, secondsBeforeNow: Double) {
    #expect(TimeArgument.parse(text, now: self.now)?.timeIntervalSince1970 == 1_700_000_000 - secondsBeforeNow)
  }

  @Test(
    "words, negative ages and units it does not know are not times",
    arguments: ["yesterday", "-2d", "5y", "", "h", "1e300d", "1e15s", "99999999999w", "nand", "infd"])
  func badTimeArguments(text: String) {
    #expect(TimeArgument.parse(text, now: self.now) == nil)
  }

  @Test("CSV fields are quoted only when they must be, quotes doubled")
  func csvFields() {
    #expect(CSVField.quoted("plain") == "plain")
    #expect(CSVField.quoted("12 km N of Anza, CA") == "\"12 km N of Anza, CA\"")
    #expect(CSVField.quoted("the \"big\" one") == "\"the \"\"big\"\" one\"")
    #expect(CSVField.quoted("two\nlines") == "\"two\nlines\"")
    #expect(CSVField.document(header: ["a", "b"], rows: [["1", "x,y"]]) == "a,b\r\n1,\"x,y\"\r\n")
  }

  @Test("tables pad text left and numbers right, count characters not bytes, and trim trailing spaces")
  func tables() {
    var table = TextTable(columns: [.init("PLACE"), .init("MAG", alignsRight: true), .init("ID")])
    table.rows = [["Reykjavík", "4.5", "a"], ["Anza", "10.0", "bb"]]
    #expect(table.render() == "PLACE       MAG  ID\nReykjavík   4.5  a\nAnza       10.0  bb\n")
  }

  @Test("ages read as people say them")
  func ages() {
    #expect(RelativeAge.text(self.now.addingTimeInterval(-42), now: self.now) == "42s ago")
    #expect(RelativeAge.text(self.now.addingTimeInterval(-3_000), now: self.now) == "50m ago")
    #expect(RelativeAge.text(self.now.addingTimeInterval(-7_300), now: self.now) == "2h ago")
    #expect(RelativeAge.text(self.now.addingTimeInterval(-200_000), now: self.now) == "2d ago")
    #expect(RelativeAge.text(self.now.addingTimeInterval(120), now: self.now) == "in 2m")
  }

  @Test("an age beyond any real one, or not a number, prints instead of trapping")
  func extremeAges() {
    #expect(RelativeAge.text(Date(timeIntervalSince1970: -1e300), now: self.now) == "1000000000d ago")
    #expect(RelativeAge.text(Date(timeIntervalSince1970: 1e300), now: self.now) == "in 1000000000d")
    #expect(RelativeAge.text(Date(timeIntervalSince1970: .nan), now: self.now) == "in 0s")
    #expect(RelativeAge.text(.distantPast, now: self.now).hasSuffix("d ago"))
  }

  @Test("socket discovery: --socket beats QUAKESD_SOCKET beats the runtime directories, in order")
  func socketDiscovery() throws {
    let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "QUAKESD_SOCKET": "/srv/q/query.sock"]
    #expect(SocketPaths(option: "/x/control.sock", environment: environment).path(for: .query) == "/x/control.sock")
    #expect(SocketPaths(option: nil, environment: environment).path(for: .control) == "/srv/q/query.sock")
    let discovered = SocketPaths(option: nil, environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
    #expect(discovered.candidates == ["/run/quakesd", "/run/user/1000/quakesd", "/tmp/quakesd-\(getuid())"])
    #expect(discovered.path(for: .query).hasSuffix("/query.sock"))
  }
}
