import Foundation

/// `If-None-Match` as RFC 9110 reads it: a list of entity tags, or `*`,
/// compared weakly (`W/"x"` and `"x"` are the same tag).
enum FDSNEntityTag {
  /// Whether the header value `list` names `tag` (or is `*`).
  static func list(_ list: String, matches tag: String) -> Bool {
    let wanted = Self.opaque(tag)
    return list.split(separator: ",").contains { item in
      let item = item.trimmingCharacters(in: .whitespaces)
      return item == "*" || Self.opaque(item) == wanted
    }
  }

  /// The tag without its weakness mark.
  private static func opaque(_ tag: some StringProtocol) -> Substring {
    let tag = Substring(tag)
    return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
  }
}
