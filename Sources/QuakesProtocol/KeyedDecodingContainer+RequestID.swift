extension KeyedDecodingContainer {
  /// A request's `"id"`: `nil` when the key is absent, ``JSONScalar/null``
  /// when it is `null`.
  ///
  /// `decodeIfPresent` reads both as `nil`, so a client that sent
  /// `"id": null` would get replies without an id, though the protocol
  /// echoes any scalar.
  func decodeRequestID(forKey key: Key) throws -> JSONScalar? {
    guard self.contains(key) else { return nil }
    return try self.decode(JSONScalar.self, forKey: key)
  }
}
