/// One documented question of the history-scale benchmark: the request
/// quakesd is sent (its params without `until`, which each request gets
/// its own of), and the SQL a script would give the `sqlite3` shell on the
/// same file for the same answer, or `nil` where the shell has no way to
/// ask it (distances need quakesd's functions).
struct ScaleQuestion: Sendable {
  let title: String
  let method: String
  /// The params' members, without braces and without `until`.
  let params: String
  /// The shell's SQL, with `UNTIL` where the bound in epoch milliseconds goes.
  let sql: String?
  /// Whether the answer must hold at least one quake (a list) or count one.
  var mustMatch = true

  private static let columns = "id, magnitude, time, place, latitude, longitude, depth"

  /// The questions of issue 32 and the README, at the catalogue's scale.
  static let all: [ScaleQuestion] = [
    ScaleQuestion(
      title: "newest 20", method: "quakes.list", params: #""limit":20"#,
      sql: "SELECT \(columns) FROM quakes WHERE time < UNTIL ORDER BY time DESC, id DESC LIMIT 20"),
    ScaleQuestion(
      title: "largest 10 M4.5+", method: "quakes.list", params: #""minMagnitude":4.5,"sort":"magnitude","limit":10"#,
      sql:
        "SELECT \(columns) FROM quakes WHERE magnitude >= 4.5 AND time < UNTIL ORDER BY magnitude DESC, id DESC LIMIT 10"
    ),
    ScaleQuestion(
      title: "search \"alaska\", newest 20", method: "quakes.list", params: #""search":"alaska","limit":20"#,
      sql:
        "SELECT \(columns) FROM quakes WHERE place LIKE '%alaska%' AND time < UNTIL ORDER BY time DESC, id DESC LIMIT 20"
    ),
    ScaleQuestion(
      title: "network hv, newest 20", method: "quakes.list", params: #""network":"hv","limit":20"#,
      sql:
        "SELECT \(columns) FROM quakes WHERE network_key = 'hv' AND time < UNTIL ORDER BY time DESC, id DESC LIMIT 20"
    ),
    ScaleQuestion(
      title: "bbox Iceland, newest 20", method: "quakes.list",
      params: #""bbox":{"minLatitude":63,"maxLatitude":65,"minLongitude":-24,"maxLongitude":-20},"limit":20"#,
      sql: """
        SELECT \(columns) FROM quakes WHERE id IN (SELECT id FROM quakes_rtree WHERE max_latitude >= 63 \
        AND min_latitude <= 65 AND max_longitude >= -24 AND min_longitude <= -20) AND time < UNTIL \
        ORDER BY time DESC, id DESC LIMIT 20
        """),
    ScaleQuestion(
      title: "within 100 km of Tokyo, nearest 10", method: "quakes.list",
      params:
        #""near":{"latitude":35.6,"longitude":140.1,"radiusKm":100},"sort":"distance","order":"forward","limit":10"#,
      sql: nil),
    ScaleQuestion(
      title: "felt by anyone, newest 20", method: "quakes.list", params: #""minFelt":1,"limit":20"#,
      sql: "SELECT \(columns) FROM quakes WHERE felt >= 1 AND time < UNTIL ORDER BY time DESC, id DESC LIMIT 20"),
    ScaleQuestion(
      title: "PAGER yellow or worse, newest 20", method: "quakes.list", params: #""minAlert":"yellow","limit":20"#,
      sql: """
        SELECT \(columns) FROM quakes WHERE alert IN ('yellow', 'orange', 'red') AND time < UNTIL \
        ORDER BY time DESC, id DESC LIMIT 20
        """,
      // Rare: a small catalogue may have none.
      mustMatch: false),
    ScaleQuestion(
      title: "count network ak", method: "quakes.count", params: #""network":"ak""#,
      sql: "SELECT count(*) FROM quakes WHERE network_key = 'ak' AND time < UNTIL"),
    ScaleQuestion(
      title: "count M4+", method: "quakes.count", params: #""minMagnitude":4"#,
      sql: "SELECT count(*) FROM quakes WHERE magnitude >= 4 AND time < UNTIL"),
    ScaleQuestion(
      title: "count search \"alaska\"", method: "quakes.count", params: #""search":"alaska""#,
      sql: "SELECT count(*) FROM quakes WHERE place LIKE '%alaska%' AND time < UNTIL"),
  ]

  /// quakesd's request line for request number `index`.
  func request(_ index: Int) -> String {
    #"{"id":\#(index),"method":"\#(self.method)","params":{\#(self.params),"until":"\#(DistinctUntil.iso8601(index))"}}"#
      + "\n"
  }

  /// The shell's SQL for request number `index`.
  func shellSQL(_ index: Int) -> String? {
    self.sql?.replacingOccurrences(of: "UNTIL", with: "\(DistinctUntil.milliseconds(index))")
  }
}
