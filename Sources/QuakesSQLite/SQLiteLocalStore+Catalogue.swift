public import QuakesData

/// The queries of ``SQLiteLocalStore+Query.swift`` are what the socket
/// server reads the cache through.
extension SQLiteLocalStore: QuakesCatalogue {}
