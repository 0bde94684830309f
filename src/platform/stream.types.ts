/**
 * A long GET whose answer arrives in pieces (takeout live status, src/hooks/useLiveChanges.ts): H5 reads a fetch
 * body as a stream; weapp a chunked wx.request (base library 2.20.1+). Each complete NDJSON line is handed over
 * parsed (undefined when it is not JSON); the end says whether the answer finished ('closed'), broke ('failed':
 * network, a status other than 200, a timeout) or cannot be read in pieces here ('unsupported').
 */
export interface StreamRequest {
  url: string
  headers: Record<string, string>
}

export interface StreamHandlers {
  line(value: unknown): void
  /** 'unsupported': the platform turned out unable to stream after all (no chunk callbacks): poll, do not retry. */
  end(how: 'closed' | 'failed' | 'unsupported'): void
}

export interface OpenStream {
  /** Stop reading and drop the connection; no handler runs after this. */
  close(): void
}

export interface Streams {
  /** This platform (this browser, this base library) can read an answer as it arrives. */
  supported(): boolean
  open(req: StreamRequest, on: StreamHandlers): OpenStream
}
