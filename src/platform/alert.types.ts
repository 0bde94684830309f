/** The store's new-order alert: a short sound (H5) or a vibration (weapp). */
export interface NewOrderAlert {
  /** What the staff member notices: the screen names the toggle after it. */
  readonly kind: 'sound' | 'vibrate'
  /** 'locked': the browser plays sound only after a tap on the page (call `unlock` from one); 'none': it cannot at all. */
  state(): 'ready' | 'locked' | 'none'
  /** From a tap (a user gesture): makes the alert playable (H5: creates or resumes the audio context). */
  unlock(): void
  /** Calls `onGesture` once at the staff member's first tap or key anywhere (H5); returns a function that stops waiting. */
  onFirstGesture(onGesture: () => void): () => void
  /** One short alert; nothing when not ready. Never throws. */
  play(): void
}
