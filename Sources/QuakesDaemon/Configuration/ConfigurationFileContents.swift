import Foundation

/// The configuration file the daemon reads: its path, why that one, and its text.
public struct ConfigurationFileContents: Hashable, Sendable {
  /// Where the file is read when neither `--config` nor `QUAKESD_CONFIG` names one.
  public static let defaultPath = "/etc/quakesd/quakesd.conf"

  /// The file's path.
  public var path: String
  /// What chose the file: `--config`, `QUAKESD_CONFIG`, or the default.
  public var chosenBy: ConfigurationOrigin
  /// The file's text.
  public var text: String

  /// Creates contents, e.g. for a test.
  public init(path: String, chosenBy: ConfigurationOrigin, text: String) {
    self.path = path
    self.chosenBy = chosenBy
    self.text = text
  }

  /// The environment variable that names the file when `--config` does not.
  public static let environmentVariable = "QUAKESD_CONFIG"

  /// Reads the file `--config` names, else the one `QUAKESD_CONFIG` names,
  /// else ``defaultPath``; `nil` when the default file does not exist (the
  /// defaults apply).
  ///
  /// - Throws: ``ConfigurationError`` when a named file does not exist or
  ///   cannot be read, or the default one exists but cannot be read.
  public static func load(
    configFile: String?, environment: [String: String]
  ) throws(ConfigurationError) -> ConfigurationFileContents? {
    let path: String
    let chosenBy: ConfigurationOrigin
    if let configFile {
      (path, chosenBy) = (configFile, .flag("--config"))
    } else if let named = environment[Self.environmentVariable], !named.isEmpty {
      (path, chosenBy) = (named, .environment(variable: Self.environmentVariable))
    } else {
      guard FileManager.default.fileExists(atPath: Self.defaultPath) else { return nil }
      (path, chosenBy) = (Self.defaultPath, .defaultValue)
    }
    return ConfigurationFileContents(path: path, chosenBy: chosenBy, text: try Self.read(path, chosenBy: chosenBy))
  }

  private static func read(_ path: String, chosenBy: ConfigurationOrigin) throws(ConfigurationError) -> String {
    let named = chosenBy == .defaultValue ? "" : " (named by \(chosenBy.place))"
    var isDirectory: ObjCBool = false
    guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ConfigurationError(
        "the configuration file \"\(path)\"\(named) does not exist; create it (see man quakesd.conf) or name another")
    }
    guard !isDirectory.boolValue else {
      throw ConfigurationError("the configuration file \"\(path)\"\(named) is a directory; name the file in it")
    }
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.readToEnd() ?? Data()
    } catch {
      throw ConfigurationError(
        "cannot read the configuration file \"\(path)\"\(named): \(error.localizedDescription); check its permissions")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError("the configuration file \"\(path)\"\(named) is not UTF-8 text")
    }
    return text
  }
}
