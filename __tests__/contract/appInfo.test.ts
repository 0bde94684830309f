import { APP_VERSION, APP_VERSION_CODE } from '@/contract/appInfo'
import pkg from '../../package.json'

test('About shows version 1.0.0 (code 100), the same as package.json', () => {
  expect(APP_VERSION).toBe('1.0.0')
  expect(APP_VERSION_CODE).toBe(100)
  expect(pkg.version).toBe(APP_VERSION)
})
