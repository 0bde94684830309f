/**
 * An in-app dialog on H5 (ChoiceSheet, FormSheet): focus moves to its first choice once it is open, even when its
 * element reaches the document a little after the dialog was asked for (a busy page: a CI run's coupon sheet was left
 * with the focus outside it), Escape closes it, and closing gives the focus back.
 */
import { dialogFocus } from '@/platform/dialog.h5'

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

function dialog(id: string): HTMLElement {
  const root = document.createElement('div')
  root.id = id
  root.tabIndex = -1
  for (const label of ['first', 'second']) {
    const item = document.createElement('div')
    item.tabIndex = 0
    item.textContent = label
    root.appendChild(item)
  }
  return root
}

afterEach(() => {
  document.body.innerHTML = ''
})

it('focuses the first choice of a dialog already in the document', async () => {
  const opener = document.body.appendChild(document.createElement('button'))
  opener.focus()
  document.body.appendChild(dialog('d1'))
  const release = dialogFocus.hold('d1', () => undefined)
  await tick(30)
  expect(document.activeElement?.textContent).toBe('first')
  release()
  expect(document.activeElement).toBe(opener)
})

it('focuses the first choice of a dialog whose element arrives later (was left outside: one look on the next tick)', async () => {
  const release = dialogFocus.hold('d2', () => undefined)
  await tick(60)
  document.body.appendChild(dialog('d2'))
  for (let i = 0; i < 50 && document.activeElement?.textContent !== 'first'; i++) await tick(20)
  expect(document.activeElement?.textContent).toBe('first')
  release()
})

it('stops looking once released (the dialog closed before it arrived)', async () => {
  const release = dialogFocus.hold('d3', () => undefined)
  release()
  await tick(60)
  document.body.appendChild(dialog('d3'))
  await tick(60)
  expect(document.activeElement).toBe(document.body)
})

it('closes on Escape', async () => {
  document.body.appendChild(dialog('d4'))
  const onEscape = jest.fn()
  const release = dialogFocus.hold('d4', onEscape)
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
  expect(onEscape).toHaveBeenCalledTimes(1)
  release()
})
