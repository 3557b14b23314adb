extension QuakesDiff {
  /// The diff between two states over the quakes of one remote batch, in time
  /// linear in the batch: each batch id is looked up once in each state.
  ///
  /// A quake absent before and present after was inserted; present in both
  /// and different was updated; present before and absent after was deleted.
  /// Quakes the batch does not list are untouched by it, so they are not
  /// looked at; ids listed twice count once.
  public init(
    oldData: QuakesState.Quakes.Data,
    newData: QuakesState.Quakes.Data,
    batch: [Quake]
  ) {
    self.init()
    var seen = Set<Quake.ID>(minimumCapacity: batch.count)
    for quake in batch where seen.insert(quake.id).inserted {
      switch (oldData[quake.id], newData[quake.id]) {
      case (nil, let new?):
        self.inserted.append(new)
      case (let old?, let new?) where old != new:
        self.updated.append(new)
      case (let old?, nil):
        self.deleted.append(old)
      default:
        break
      }
    }
  }
}
