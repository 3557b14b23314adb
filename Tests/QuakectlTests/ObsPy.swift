import Foundation

/// ObsPy, from PyPI, in `.build/obspy-venv` (`make test` installs it there).
enum ObsPy {
  /// The virtual environment's Python, if ObsPy is installed there.
  static let python: String? = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/obspy-venv/bin/python").path
    let obspy = URL(fileURLWithPath: path).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("lib").path
    let installed = (try? FileManager.default.contentsOfDirectory(atPath: obspy))?.contains {
      FileManager.default.fileExists(atPath: "\(obspy)/\($0)/site-packages/obspy/__init__.py")
    }
    return FileManager.default.isExecutableFile(atPath: path) && installed == true ? path : nil
  }()

  static let absent =
    ".build/obspy-venv has no ObsPy (make test installs it from PyPI): the ObsPy client tests are skipped"
}
