import Testing

@Suite("quakectl")
struct PlaceholderTests {
  @Test("the target builds")
  func builds() {
    #expect(Bool(true))
  }
}
