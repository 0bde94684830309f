// Runs before the test framework: make Taro 4 render into jsdom (TARO_PLATFORM=web), not its virtual DOM.
process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
process.env.FRAMEWORK = 'react'
process.env.NODE_ENV = 'test'
// NutUI touches canvas at import time; jsdom has none.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = () => null
}
