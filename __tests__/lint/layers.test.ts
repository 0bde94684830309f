import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * The layer rules of eslint.config.mjs (import-x/no-restricted-paths zones, local/no-import-circle) run on sample
 * sources placed at real paths of the app, with the project's own configuration. ESLint's Node API runs in a
 * child Node process: its ESM config file cannot be imported inside jest's module sandbox.
 */
const ROOT = path.resolve(__dirname, '../..')

const LINT_SAMPLES = `
const { ESLint } = require('eslint')
const samples = JSON.parse(require('fs').readFileSync(0, 'utf8'))
// Without the server's type-aware block (eslint.config.mjs: no floating promises): these samples are about imports, two
// of them share one real path, and type information for one file linted twice at once is not to be trusted.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [{ files: ['server/**/*.ts'], languageOptions: { parserOptions: { project: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/await-thenable': 'off' } }],
})
Promise.all(samples.map(async ([filePath, code]) => {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId + ': ' + m.message)
})).then((out) => process.stdout.write(JSON.stringify(out)))
`

type Sample = [file: string, code: string]
const SAMPLES = {
  featureToFeature: ['src/features/search/Sample.tsx', "import { useT } from '@/features/shops/messages'\nexport const x = useT\n"],
  featureAllowed: [
    'src/features/search/Sample.tsx',
    [
      "import { useT } from './messages'",
      "import ShopRow from '@/components/ShopRow'",
      "import { usePay } from '@/hooks/usePay'",
      "import { afterPay } from '@/payment/afterPay'",
      "import { imageLoading } from '@/platform/imageLoading'",
      "import { request } from '@/core/request'",
      "import { ORDER_STATUS } from '@/contract/constants'",
      'export const all = [useT, ShopRow, usePay, afterPay, imageLoading, request, ORDER_STATUS]',
    ].join('\n'),
  ],
  coreToPlatform: ['src/core/sample.ts', "import { transport } from '@/platform/transport'\nexport const x = transport\n"],
  coreToPlatformWeapp: ['src/core/sample.weapp.ts', "import { transport } from '@/platform/transport'\nexport const x = transport\n"],
  paymentToHooks: ['src/payment/sample.ts', "import { useAction } from '@/hooks/useAction'\nexport const x = useAction\n"],
  platformToComponents: ['src/platform/sample.h5.ts', "import ShopRow from '@/components/ShopRow'\nexport const x = ShopRow\n"],
  componentToFeature: ['src/components/Sample/index.tsx', "import { t } from '@/features/orders/messages'\nexport const x = t\n"],
  contractToCore: ['src/contract/sample.ts', "import { getItem } from '@/core/storage'\nexport const x = getItem\n"],
  serverToCore: ['server/sample.ts', "import { maskPhone } from '../src/core/format'\nimport { ORDER_STATUS } from '../src/contract/constants'\nexport const x = [maskPhone, ORDER_STATUS]\n"],
  serverToViews: ['server/hosting/drawing/sample.tsx', "import HomeTopView from '../../../src/views/home/HomeTopView'\nexport const x = HomeTopView\n"],
  serverToFeature: ['server/hosting/drawing/sample.tsx', "import HomeTop from '../../../src/features/home/HomeTop'\nexport const x = HomeTop\n"],
  viewToCore: ['src/views/home/Sample.tsx', "import { assetUrl } from '@/core/request'\nexport const x = assetUrl\n"],
  viewToContract: ['src/views/home/Sample.tsx', "import { hms } from '@/contract/homeScreen'\nimport SideScroll from '../SideScroll'\nexport const x = [hms, SideScroll]\n"],
  pageScriptImport: ['server/hosting/pageScripts/sample.ts', "import { LANG_COOKIE } from '../../../src/contract/firstAnswers'\nimport type { GivenAnswer } from './types'\nexport const x: GivenAnswer | string = LANG_COOKIE\n"],
  // The server's layers (eslint.config.mjs SERVER_ZONES): samples at real paths, as the domain's list is read from disk.
  serverDomainToHttp: ['server/domain/cards.ts', "import { readConfig } from '../http/config'\nexport const x = readConfig\n"],
  serverStorageToDomain: ['server/storage/repo/cards.ts', "import { percentOff } from '../../domain/discount'\nexport const x = percentOff\n"],
  // Was a named exception until the signed-in person and token hashing moved to server/domain/account.ts.
  serverStaffToEnvelope: ['server/domain/store/staff.ts', "import { hashToken } from '../../http/envelope'\nexport const x = hashToken\n"],
  serverDefineRouteInDomain: ['server/domain/jobs.ts', "import { defineRoute } from '../http/envelope'\nexport const x = defineRoute\n"],
  serverDomainAllowed: ['server/domain/cards.ts', "import { refuse } from './refusal'\nimport { sql } from '../storage/db'\nimport { nowMs } from '../time'\nexport const x = [refuse, sql, nowMs]\n"],
  // The outside providers (server/providers/README.md): a provider imports no domain, storage or http; the domain imports only their interfaces.
  serverProviderToDomain: ['server/providers/pay/sample.ts', "import { refuse } from '../../domain/refusal'\nexport const x = refuse\n"],
  serverProviderToStorage: ['server/providers/pay/sample.ts', "import * as payments from '../../storage/repo/payments'\nexport const x = payments\n"],
  serverProviderAllowed: ['server/providers/pay/sample.ts', "import { nowMs } from '../../time'\nimport type { WxPayInfo } from '../../../src/contract/order'\nimport type { PaymentProvider } from './types'\nexport const x: Array<WxPayInfo | PaymentProvider | number> = [nowMs()]\n"],
  serverDomainToProviderImplementation: ['server/domain/cards.ts', "import { createSandboxProvider } from '../providers/pay/sandbox'\nexport const x = createSandboxProvider\n"],
  serverDomainToProviderTypes: ['server/domain/cards.ts', "import { ProviderRefusal } from '../providers/pay/types'\nexport const x = ProviderRefusal\n"],
  pageToRequest: ['src/pages/orders/sample.tsx', "import { request } from '@/core/request'\nexport const x = request\n"],
  pageToRequestRelative: ['src/pages/orders/sample.tsx', "import { request } from '../../core/request'\nexport const x = request\n"],
  pageAllowed: [
    'src/pages/orders/sample.tsx',
    [
      "import { useOrder } from '@/api/orders'",
      "import { errorMessage } from '@/core/request'",
      "import OrderDetail from '@/features/orders/OrderDetail'",
      "import { useSignedIn } from '@/hooks/useSignedIn'",
      'export const all = [useOrder, errorMessage, OrderDetail, useSignedIn]',
    ].join('\n'),
  ],
  apiAllowed: [
    'src/api/sample.ts',
    [
      "import { ORDER_STATUS } from '@/contract/constants'",
      "import { request } from '@/core/request'",
      "import { usePagedList } from '@/hooks/usePagedList'",
      "import { useSignedInQuery } from '@/hooks/useSignedIn'",
      "import { fetchShop } from './shops'",
      "import { routeUrl } from '@/routes'",
      'export const all = [ORDER_STATUS, request, usePagedList, useSignedInQuery, fetchShop, routeUrl]',
    ].join('\n'),
  ],
  apiToFeature: ['src/api/sample.ts', "import { useT } from '@/features/orders/messages'\nexport const x = useT\n"],
  hooksToApi: ['src/hooks/useSample.ts', "import { useOrder } from '@/api/orders'\nexport const x = useOrder\n"],
  componentToApi: ['src/components/Sample/index.tsx', "import { useShop } from '@/api/shops'\nexport const x = useShop\n"],
  paymentToApi: ['src/payment/sample.ts', "import { fetchOrder } from '@/api/orders'\nexport const x = fetchOrder\n"],
  featureToApi: ['src/features/orders/Sample.tsx', "import { useOrderPages } from '@/api/orders'\nexport const x = useOrderPages\n"],
  weuiIcon: ['src/components/Sample/index.tsx', "import { Icon, View } from '@tarojs/components'\nexport const x = [Icon, View]\n"],
  weuiCheckbox: ['src/features/orders/Sample.tsx', "import { Checkbox } from '@tarojs/components'\nexport const x = Checkbox\n"],
  // The operator's console (issue 45): its own build; it imports only the contract, and nothing of the app or server imports it.
  consoleToCore: ['console/sample.ts', "import { request } from '../src/core/request'\nexport const x = request\n"],
  consoleToServer: ['console/sample.ts', "import { nowMs } from '../server/time'\nexport const x = nowMs\n"],
  consoleAllowed: ['console/sample.ts', "import { CONSOLE_ENDPOINTS } from '../src/contract/consoleEndpoints'\nimport { words } from './messages'\nexport const x = [CONSOLE_ENDPOINTS, words]\n"],
  appToConsole: ['src/features/orders/Sample.tsx', "import { words } from '../../../console/messages'\nexport const x = words\n"],
  serverToConsole: ['server/domain/cards.ts', "import { words } from '../../console/messages'\nexport const x = words\n"],
  // core/request.ts imports core/storage.ts on disk: storage importing request closes a cycle.
  cycle: ['src/core/storage.ts', "import { request } from './request'\nexport const x = request\n"],
  // contract/geo.ts imports contract/distance.ts on disk: distance taking a type back from geo closes a circle, type-only
  // as it is (the shape of the circles issue 41 broke: contract/common ↔ reasons, distance ↔ geo, pricing/kind ↔ takeout/pricing).
  typeOnlyCycle: ['src/contract/distance.ts', "import type { GeoQuery } from './geo'\nexport type X = typeof GeoQuery\n"],
  typeQueryCycle: ['server/domain/pricing/kind.ts', "export type X = import('../takeout/pricing').TakeoutPriced\n"],
} satisfies Record<string, Sample>

let found: Record<keyof typeof SAMPLES, string[]>

beforeAll(() => {
  const names = Object.keys(SAMPLES) as Array<keyof typeof SAMPLES>
  const input = JSON.stringify(names.map((n) => [path.join(ROOT, SAMPLES[n][0]), SAMPLES[n][1]]))
  const out = JSON.parse(execFileSync(process.execPath, ['-e', LINT_SAMPLES], { cwd: ROOT, input, encoding: 'utf8' })) as string[][]
  found = Object.fromEntries(names.map((n, i) => [n, out[i]])) as typeof found
}, 120000)

const only = (rule: string, list: string[]) => list.filter((p) => p.startsWith(`${rule}:`))

describe('layers the lint enforces', () => {
  it('a feature importing another feature fails', () => {
    expect(only('import-x/no-restricted-paths', found.featureToFeature)).toEqual([expect.stringContaining('features/search may not import pages or another feature')])
  })

  it('a feature importing its own files, components, hooks, payment, platform, core and contract passes', () => {
    expect(found.featureAllowed).toEqual([])
  })

  it('core importing platform fails (from an H5 or a weapp file alike)', () => {
    expect(only('import-x/no-restricted-paths', found.coreToPlatform)).toEqual([expect.stringContaining('core is the bottom of the app')])
    expect(only('import-x/no-restricted-paths', found.coreToPlatformWeapp)).toHaveLength(1)
  })

  it('payment and platform may not import hooks, components or features', () => {
    expect(only('import-x/no-restricted-paths', found.paymentToHooks)).toEqual([expect.stringContaining('payment/platform may import only core')])
    expect(only('import-x/no-restricted-paths', found.platformToComponents)).toHaveLength(1)
  })

  it('components may not import features; the contract imports nothing of the app', () => {
    expect(only('import-x/no-restricted-paths', found.componentToFeature)).toHaveLength(1)
    expect(only('import-x/no-restricted-paths', found.contractToCore)).toEqual([expect.stringContaining('The contract imports nothing of the app')])
  })

  it('server/ may import only src/contract', () => {
    expect(only('import-x/no-restricted-paths', found.serverToCore)).toEqual([expect.stringContaining('server/ may import only src/contract')])
  })

  it('the server may import the pure views (src/views) and not the app above them; a view imports only the contract and views', () => {
    expect(found.serverToViews).toEqual([])
    expect(only('import-x/no-restricted-paths', found.serverToFeature)).toEqual([expect.stringContaining('server/ may import only src/contract, src/routes.ts and the pure views')])
    expect(only('import-x/no-restricted-paths', found.viewToCore)).toEqual([expect.stringContaining('src/views are pure views')])
    expect(found.viewToContract).toEqual([])
  })

  it("a page script (server/hosting/pageScripts, built file by file to ES5) imports types only", () => {
    expect(only('@typescript-eslint/no-restricted-imports', found.pageScriptImport)).toEqual([expect.stringContaining('A page script stands alone')])
  })

  it('the server: the domain imports no http, storage nothing above it, and only server/http/routes define API routes', () => {
    expect(only('import-x/no-restricted-paths', found.serverDomainToHttp)).toEqual([expect.stringContaining('server/domain (the rules) may import only storage')])
    expect(only('import-x/no-restricted-paths', found.serverStaffToEnvelope)).toEqual([expect.stringContaining('server/domain (the rules) may import only storage')])
    expect(only('import-x/no-restricted-paths', found.serverStorageToDomain)).toEqual([expect.stringContaining('server/storage (db, repositories, migrations) imports nothing above it')])
    expect(only('@typescript-eslint/no-restricted-imports', found.serverDefineRouteInDomain)).toEqual([expect.stringContaining('API handlers live in server/http/routes')])
    expect(found.serverDomainAllowed).toEqual([])
  })

  it("the providers: a provider imports no domain or storage (time, the contract and its own folder pass); the domain imports a provider's interface only", () => {
    expect(only('import-x/no-restricted-paths', found.serverProviderToDomain)).toEqual([expect.stringContaining('server/providers (the outside world: payments, SMS, WeChat, parcels) import only')])
    expect(only('import-x/no-restricted-paths', found.serverProviderToStorage)).toEqual([expect.stringContaining('server/providers (the outside world: payments, SMS, WeChat, parcels) import only')])
    expect(found.serverProviderAllowed).toEqual([])
    expect(found.serverDomainToProviderTypes).toEqual([])
    expect(only('import-x/no-restricted-paths', found.serverDomainToProviderImplementation)).toEqual([expect.stringContaining("server/domain imports only a provider's interface")])
  })

  it('a page importing request() fails, by alias or relative path; api hooks, errorMessage, features and hooks pass', () => {
    expect(only('@typescript-eslint/no-restricted-imports', found.pageToRequest)).toEqual([expect.stringContaining('Pages never call request()')])
    expect(only('@typescript-eslint/no-restricted-imports', found.pageToRequestRelative)).toEqual([expect.stringContaining('Pages never call request()')])
    expect(found.pageAllowed).toEqual([])
  })

  it('api may import hooks, core, routes, contract and other api modules, but not features', () => {
    expect(found.apiAllowed).toEqual([])
    expect(only('import-x/no-restricted-paths', found.apiToFeature)).toEqual([expect.stringContaining('api may import only hooks, core, routes and contract')])
  })

  it('hooks, components and payment may not import api; features may', () => {
    expect(only('import-x/no-restricted-paths', found.hooksToApi)).toEqual([expect.stringContaining('hooks may not import api')])
    expect(only('import-x/no-restricted-paths', found.componentToApi)).toEqual([expect.stringContaining('Shared components may not import api')])
    expect(only('import-x/no-restricted-paths', found.paymentToApi)).toHaveLength(1)
    expect(found.featureToApi).toEqual([])
  })

  it("Taro's Icon / Checkbox (drawn with the WeUI font the H5 build leaves out) fail; View passes", () => {
    expect(only('@typescript-eslint/no-restricted-imports', found.weuiIcon)).toEqual([expect.stringContaining("leaves out WeUI's icon font")])
    expect(only('@typescript-eslint/no-restricted-imports', found.weuiCheckbox)).toHaveLength(1)
  })

  it("the operator's console imports only the contract; neither the app nor the server imports the console", () => {
    expect(only('import-x/no-restricted-paths', found.consoleToCore)).toEqual([expect.stringContaining('console/ may import only src/contract')])
    expect(only('import-x/no-restricted-paths', found.consoleToServer)).toEqual([expect.stringContaining('console/ may import only src/contract')])
    expect(found.consoleAllowed).toEqual([])
    expect(only('import-x/no-restricted-paths', found.appToConsole)).toEqual([expect.stringContaining('Nothing of the app or the server imports console/')])
    expect(only('import-x/no-restricted-paths', found.serverToConsole)).toEqual([expect.stringContaining('Nothing of the app or the server imports console/')])
  })

  it('an import circle fails, naming the way back', () => {
    expect(only('local/no-import-circle', found.cycle)).toEqual([expect.stringContaining('src/core/storage.ts → src/core/request.ts → src/core/storage.ts')])
  })

  it('an import circle fails when one side imports types only, by `import type` or `import()` in a type', () => {
    expect(only('local/no-import-circle', found.typeOnlyCycle)).toEqual([expect.stringContaining('src/contract/distance.ts → src/contract/geo.ts → src/contract/distance.ts')])
    expect(only('local/no-import-circle', found.typeQueryCycle)).toEqual([expect.stringContaining('server/domain/pricing/kind.ts → server/domain/takeout/pricing.ts → server/domain/pricing/kind.ts')])
  })
})
