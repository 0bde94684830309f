module.exports = async () => {
  await globalThis.__E2E__?.stop()
}
