import Foundation
public import QuakesProtocol

extension SocketRole {
  /// The longest runtime directory, in bytes, whose socket paths fit in a
  /// Unix socket address (`sun_path`: 108 bytes with the final NUL).
  public static let longestRuntimeDirectory: Int = {
    let longestName = SocketRole.allCases.map(\.fileName.utf8.count).max() ?? 0
    return MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 - 1 - longestName
  }()

  /// The file mode the daemon gives the socket it creates: the permission
  /// that makes the role (0660 for `control.sock`, 0666 for `query.sock`).
  public var fileMode: UInt16 {
    switch self {
    case .control: 0o660
    case .query: 0o666
    }
  }
}
