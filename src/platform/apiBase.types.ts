/** Where the API lives, as the running platform sees it. */
export interface ApiBase {
  /** Origin + prefix before `/api/…`; '' means the same origin (H5 served by the reference server). */
  base(): string
}
