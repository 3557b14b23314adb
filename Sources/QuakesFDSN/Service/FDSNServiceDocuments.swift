/// The service's fixed answers: `version`, `application.wadl`, `catalogs`
/// and `contributors`.
enum FDSNServiceDocuments {
  /// The version of the FDSN event service specification served.
  static let version = "1.2.0"

  /// The WADL of the service at `base` (`http://HOST:PORT/fdsnws/event/1/`):
  /// every resource, and every parameter of `query` and `count` with its
  /// type (``FDSNParameter``), which ObsPy reads to know what it may send.
  static func wadl(base: String) -> String {
    let parameters = FDSNParameter.allCases.map { parameter in
      "        <param name=\"\(parameter.rawValue)\" style=\"query\" type=\"\(parameter.wadlType)\"/>\n"
    }
    .joined()
    func resource(_ path: String, parameters: String = "") -> String {
      """
        <resource path="\(path)">
          <method id="\(path)" name="GET">
            <request>
      \(parameters)      </request>
            <response status="200"/>
          </method>
        </resource>

      """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <application xmlns="http://wadl.dev.java.net/2009/02" xmlns:xs="http://www.w3.org/2001/XMLSchema">
      <resources base="\(QuakeMLWriter.escaped(base))">
      \(resource("query", parameters: parameters))\(resource("count", parameters: parameters))\(resource("version"))\(resource("catalogs"))\(resource("contributors"))\(resource("application.wadl"))</resources>
      </application>

      """
  }

  /// `catalogs` or `contributors` (`root` names the list): the networks of
  /// the cached events, which are both here.
  static func list(_ root: String, item: String, of networks: [String]) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<\(root)>\n"
      + networks.map { "<\(item)>\(QuakeMLWriter.escaped($0))</\(item)>\n" }.joined() + "</\(root)>\n"
  }
}
