export interface ZhMessage {
  key: string
  /** Source file, relative to the repository. */
  file: string
  text: string
}
export declare const CJK: RegExp
export declare const ZH: ZhMessage[]
export declare const ZH_PIECES: Array<ZhMessage & { piece: string }>
export declare const ZH_WHOLE: Set<string>
