/**
 * Issue 39: the language a phone asks for while the shopper has chosen none — the rule (src/contract/firstAnswers.ts)
 * and where each platform reads it (H5: navigator.languages; weapp: WeChat's language from wx.getAppBaseInfo).
 */
import Taro from '@tarojs/taro'
import { langOfTags } from '@/contract/firstAnswers'
import { systemLang as h5 } from '@/platform/systemLang.h5'
import { systemLang as weapp } from '@/platform/systemLang.weapp'

describe('langOfTags', () => {
  it.each([
    [['en-US', 'en'], 'en'],
    [['en-GB', 'zh-CN'], 'en'],
    [['zh-CN', 'en'], 'zh'],
    [['zh_CN'], 'zh'],
    [['zh-Hant-TW'], 'zh'],
    [['zh_HK'], 'zh'],
    [['fr-FR', 'zh-CN'], 'zh'],
    [['fr-FR', 'de'], 'en'],
    [['ja'], 'en'],
    [['EN'], 'en'],
    [['*'], 'zh'],
    [[], 'zh'],
  ] as const)('%j → %s', (tags, lang) => expect(langOfTags(tags)).toBe(lang))
})

describe("H5: the browser's languages", () => {
  const set = (languages: string[] | undefined, language: string) => {
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages as string[])
    jest.spyOn(window.navigator, 'language', 'get').mockReturnValue(language)
  }
  afterEach(() => jest.restoreAllMocks())

  it('the first it lists that the app has', () => {
    set(['en-US', 'zh-CN'], 'en-US')
    expect(h5.read()).toBe('en')
    set(['zh-CN', 'en-US'], 'zh-CN')
    expect(h5.read()).toBe('zh-CN')
  })

  it('navigator.language where there is no list (older WebViews)', () => {
    set(undefined, 'en-GB')
    expect(h5.read()).toBe('en')
  })
})

describe("weapp: WeChat's language (getAppBaseInfo, not the deprecated getSystemInfoSync)", () => {
  const taro = Taro as unknown as { getAppBaseInfo?: () => { language?: string } }
  const original = taro.getAppBaseInfo
  afterEach(() => {
    taro.getAppBaseInfo = original
  })

  it.each([
    ['en', 'en'],
    ['zh_CN', 'zh-CN'],
    ['zh_TW', 'zh-CN'],
  ])('%s → %s', (language, lang) => {
    taro.getAppBaseInfo = () => ({ language })
    expect(weapp.read()).toBe(lang)
  })

  it('Chinese when WeChat cannot say (an old base library, a failing call)', () => {
    taro.getAppBaseInfo = undefined
    expect(weapp.read()).toBe('zh-CN')
    taro.getAppBaseInfo = () => {
      throw new Error('getAppBaseInfo:fail')
    }
    expect(weapp.read()).toBe('zh-CN')
  })
})
