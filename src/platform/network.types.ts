/** The connection, where each platform reports it. */
export interface Network {
  /** Calls `listener` each time the device is back online; returns the way to stop listening. */
  onOnline(listener: () => void): () => void
}
