/**
 * Right after the drawn first screen (server/hosting/drawing): removes it at once when it was drawn for another language or
 * city than the phone keeps (the first script found out: ./firstAnswers.ts), else after `maxMs` should the app never
 * come (its scripts failed). Built to ES5 (./build.ts).
 */
import type { FirstAnswersWindow } from './types'

export function run(c: { id: string; maxMs: number }): void {
  const drop = () => {
    const drawing = document.getElementById(c.id)
    if (drawing && drawing.parentNode) drawing.parentNode.removeChild(drawing)
  }
  if ((window as unknown as FirstAnswersWindow).__ocpDrawnWrong) drop()
  else setTimeout(drop, c.maxMs)
}
