const fs = require('node:fs')

module.exports = async () => {
  const state = globalThis.__E2E__
  if (!state) return
  state.child.kill('SIGTERM')
  await new Promise((r) => {
    const timer = setTimeout(() => {
      state.child.kill('SIGKILL')
      r()
    }, 5000)
    state.child.once('exit', () => {
      clearTimeout(timer)
      r()
    })
  })
  fs.rmSync(state.dir, { recursive: true, force: true })
}
