// The simulator tier's jest environment (issue 27): the simulator has no pixels, so when a test or hook fails the
// rendered tree of every page that test opened (test-mp/harness.js `openPage` registers them) is written to
// reports/simulator/<file>--<test>--<n>.html.
const fs = require('node:fs')
const path = require('node:path')
const { TestEnvironment } = require('jest-environment-jsdom')

const TREES = path.resolve(__dirname, '..', 'reports', 'simulator')

const slug = (text) => text.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120)

function titleOf(test) {
  const names = []
  for (let block = test; block && block.name !== 'ROOT_DESCRIBE_BLOCK'; block = block.parent) names.unshift(block.name)
  return names.join(' ')
}

class SimulatorEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context)
    this.file = path.basename(context.testPath, '.test.js')
  }

  handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__ocpSimPages = []
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return
    const pages = this.global.__ocpSimPages || []
    if (pages.length === 0) return
    const name = event.test ? titleOf(event.test) : event.hook.type
    fs.mkdirSync(TREES, { recursive: true })
    pages.forEach(({ page, route }, i) => {
      let tree
      try {
        tree = page.dom.outerHTML
      } catch (e) {
        tree = `(the tree could not be read: ${e && e.message})`
      }
      const html = `<!doctype html><meta charset="utf-8"><title>${name.replace(/</g, '&lt;')}</title>\n<!-- route: ${route} -->\n${tree}\n`
      fs.writeFileSync(path.join(TREES, `${slug(this.file)}--${slug(name)}--${i + 1}.html`), html)
    })
  }
}

module.exports = SimulatorEnvironment
