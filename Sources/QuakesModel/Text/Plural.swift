/// A count and its noun in a message, agreeing: `1 rule`, `2 rules`,
/// `0 rules`, so that no message says "1 rules" or "after 1 attempts".
/// The one helper for every count a person reads (logs, errors, quakectl's
/// lines); a noun whose plural is not `noun + "s"` gives its plural.
public enum Plural {
  /// `count` and `noun`: `1 quake`, `3 quakes`, `1 entry`/`2 entries`
  /// (with `plural: "entries"`). `number` writes the count (grouped
  /// thousands, say); by default it is written as it is.
  public static func count(
    _ count: Int, _ noun: String, plural: String? = nil, number: (Int) -> String = { "\($0)" }
  ) -> String {
    "\(number(count)) \(Self.noun(noun, count: count, plural: plural))"
  }

  /// `noun` as it agrees with `count`: singular for exactly 1, plural
  /// otherwise (0 and negative counts too: "0 quakes").
  public static func noun(_ noun: String, count: Int, plural: String? = nil) -> String {
    count == 1 ? noun : plural ?? noun + "s"
  }
}
