/// What the handlers below the HTTP codec are told about the request in
/// hand (by ``AnswerProgressMarker``), as a user outbound event: that one
/// arrived whole and is being answered (the request deadline stops, and
/// silence is no longer idleness: the answer may take a while to make),
/// and that its answer is made and being written (silence is idleness
/// again: a client that does not read what is written to it).
enum AnswerProgress: Sendable {
  case answering
  case writing
}
