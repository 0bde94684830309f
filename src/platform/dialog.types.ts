/** Keyboard behaviour of an in-app dialog where there is a keyboard (H5). */
export interface DialogFocus {
  /**
   * Move focus into the dialog with this element id, close it on Escape, keep Tab inside it, and give focus back
   * to what had it when the returned function is called.
   */
  hold(id: string, onEscape: () => void): () => void
}
