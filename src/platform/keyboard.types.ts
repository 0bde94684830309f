/** Keyboard use of the app where there is a keyboard (H5: desktop browsers, switch access, screen readers). */
export interface Keyboard {
  /**
   * Once, at launch: tappable things that are not native controls answer Enter (and Space for buttons) the way
   * a native button does, and Taro's Buttons are buttons to assistive technology and the Tab key.
   */
  install(): void
}
