/// The client side of the quakesd protocol, for quakectl and scripts
/// written in Swift. (Filled in with the quakectl issue.)
public enum QuakesClient {}
