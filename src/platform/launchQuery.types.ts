export type Query = Record<string, string | undefined>

export interface LaunchQuery {
  /** The query the app was opened (or brought back) with. */
  current(showOptions?: { query?: Query }): Query
}
