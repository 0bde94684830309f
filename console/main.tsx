/**
 * The operator's console (issue 45): a desktop web page at /console/, built on its own (scripts/build-console.mjs) with
 * antd 5 (docs/decisions/2026-12-06-operator-console.md). It imports nothing of the app but src/contract (lint).
 */
import { createRoot } from 'react-dom/client'
import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react'
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Result, Segmented, Space, Spin, Tag, Typography } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import enUS from 'antd/locale/en_US'
import { roleSeesArea, type ConsoleArea } from '../src/contract/consoleEndpoints'
import type { Operator } from '../src/contract/console'
import { call, configureRequests, keepSession, sessionToken } from './request'
import { roleKey, words, type Lang, type MessageKey } from './messages'
import { ConsoleContext, type ConsoleContextValue } from './context'
import { SignIn } from './screens/SignIn'
import { Operators } from './screens/Operators'
import { Audit } from './screens/Audit'
import { Cards } from './screens/Cards'
import { Merchants } from './screens/Merchants'
// ——— finance and decisions (c45-finance) ———
import { Money } from './screens/Money'
import { RefundsWaiting } from './screens/RefundsWaiting'
import { Shoppers } from './screens/Shoppers'
// ——— Content: flash sales and fuel prices (c45-content) ———
import { Seckill } from './screens/Seckill'
import { Fuel } from './screens/Fuel'
// ——— t45-days ———
import { DiscountDays } from './screens/DiscountDays'
import { Contests } from './screens/Contests'
// ——— d45-decide ———
import { ReportedJobs, ShopNames, ShopOwners } from './screens/Reviews'
// ——— h45-home ———
import { Home } from './screens/Home'
import { BusinessClasses, Cities } from './screens/Places'
// ——— m45-mall ———
import { Mall } from './screens/Mall'

const LANG_KEY = 'ocpConsoleLang'

/**
 * antd's default blue (#1677ff) and its secondary and description greys (45 % black) fall under WCAG AA contrast on
 * white and on the page's grey (axe, color-contrast): a darker blue and 65 % black.
 */
const THEME = { colorPrimary: '#1f5fbf', colorPrimaryHover: '#174a96', colorPrimaryActive: '#123a78', colorLink: '#1f5fbf', colorError: '#cf1322', colorTextSecondary: 'rgba(0, 0, 0, 0.65)', colorTextDescription: 'rgba(0, 0, 0, 0.65)', colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)' }

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/**
 * Whether the operator asked the system for less motion (WCAG 2.3.3): antd's zooms, slides and collapses are then
 * off (its `motion` token), dialogs and lists appear at once. Follows a change of the setting while open.
 */
function useReducedMotion(): boolean {
  const [query] = useState(() => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null))
  const [reduced, setReduced] = useState(query?.matches ?? false)
  useEffect(() => {
    if (!query) return undefined
    const onChange = (e: MediaQueryListEvent) => setReduced(e.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [query])
  return reduced
}

/** The screens, in menu order: the area each belongs to (the role table of the contract decides who sees it). */
const SCREENS: { key: string; area: ConsoleArea; label: MessageKey }[] = [
  // Decisions on what others submit.
  { key: 'merchants', area: 'merchant', label: 'menuMerchants' },
  { key: 'names', area: 'review', label: 'menuNames' },
  { key: 'jobs', area: 'review', label: 'menuJobs' },
  { key: 'owners', area: 'review', label: 'menuOwners' },
  // The platform's content.
  { key: 'cards', area: 'card', label: 'menuCards' },
  { key: 'home', area: 'home', label: 'menuHome' },
  { key: 'seckill', area: 'seckill', label: 'menuSeckill' },
  { key: 'mall', area: 'mall', label: 'menuMall' },
  { key: 'fuel', area: 'fuel', label: 'menuFuel' },
  { key: 'discount-days', area: 'discountDay', label: 'menuDiscountDays' },
  { key: 'contests', area: 'referral', label: 'menuContests' },
  { key: 'cities', area: 'city', label: 'menuCities' },
  { key: 'classes', area: 'businessClass', label: 'menuClasses' },
  // The platform's people, its record and its money.
  { key: 'operators', area: 'operator', label: 'menuOperators' },
  { key: 'audit', area: 'audit', label: 'menuAudit' },
  { key: 'money', area: 'money', label: 'menuMoney' },
  { key: 'refunds', area: 'refund', label: 'menuRefunds' },
  { key: 'shoppers', area: 'shopper', label: 'menuShoppers' },
]

function storedLang(): Lang {
  try {
    const kept = window.localStorage.getItem(LANG_KEY)
    if (kept === 'zh' || kept === 'en') return kept
  } catch {
    // no storage: follow the browser
  }
  return /^zh/i.test(navigator.language) || !/^en/i.test(navigator.language) ? 'zh' : 'en'
}

/** The screen named by the address (#/cards): a link opens it, back and forward move between them. */
const screenOfHash = (): string => window.location.hash.replace(/^#\/?/, '').split('/')[0] ?? ''

function Console() {
  const [lang, setLang] = useState<Lang>(storedLang)
  const reducedMotion = useReducedMotion()
  const theme = useMemo(() => ({ token: { ...THEME, motion: !reducedMotion } }), [reducedMotion])
  const [operator, setOperator] = useState<Operator | null>(null)
  const [checking, setChecking] = useState(() => sessionToken() !== null)
  const [ended, setEnded] = useState<string | null>(null)
  const [screen, setScreen] = useState(screenOfHash)
  const t = useCallback((key: MessageKey, params?: Readonly<Record<string, string | number>>) => words(lang, key, params), [lang])

  configureRequests({
    lang,
    onSessionEnded: (why) => {
      setOperator(null)
      setEnded(why)
    },
  })

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en'
    document.title = words(lang, 'appName')
    try {
      window.localStorage.setItem(LANG_KEY, lang)
    } catch {
      // not kept: this page only
    }
  }, [lang])

  useEffect(() => {
    const onHash = () => setScreen(screenOfHash())
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [])

  // A session kept in this tab: who it is (or, ended meanwhile, back to sign-in through onSessionEnded).
  useEffect(() => {
    if (!checking) return
    call('console.auth/me', {}).then(
      (me) => {
        setOperator(me.operator)
        setChecking(false)
      },
      () => setChecking(false),
    )
  }, [checking])

  const visible = useMemo(() => (operator ? SCREENS.filter((s) => roleSeesArea(operator.role, s.area)) : []), [operator])
  const current = visible.find((s) => s.key === screen) ?? visible[0]

  const context: ConsoleContextValue = useMemo(
    () => ({
      lang,
      t,
      operator,
      signOut: async () => {
        try {
          await call('console.auth/signOut', {})
        } catch {
          // Ended here all the same (the session is forgotten below); an unreachable server ends it on its own clock.
        } finally {
          keepSession(null)
          setOperator(null)
          setEnded(words(lang, 'signedOut'))
        }
      },
    }),
    [lang, t, operator],
  )

  const langSwitch = (
    <Segmented<Lang>
      aria-label={t('language')}
      value={lang}
      onChange={setLang}
      options={[
        { label: '中文', value: 'zh' },
        { label: 'English', value: 'en' },
      ]}
    />
  )

  let body
  if (checking) {
    body = (
      <div className="console-center" style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" tip={t('loading')}>
          <div style={{ width: 120, height: 80 }} />
        </Spin>
      </div>
    )
  } else if (!operator) {
    body = (
      <SignIn
        notice={ended}
        langSwitch={langSwitch}
        onSignedIn={(signedIn) => {
          keepSession(signedIn.token)
          setEnded(null)
          setOperator(signedIn.operator)
        }}
      />
    )
  } else {
    body = (
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Sider width={220} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          <Typography.Title level={1} style={{ fontSize: 18, margin: '20px 24px' }}>
            {t('appName')}
          </Typography.Title>
          <nav aria-label={t('appName')}>
            <Menu
              mode="inline"
              selectedKeys={current ? [current.key] : []}
              items={visible.map((s) => ({ key: s.key, label: <a href={`#/${s.key}`}>{t(s.label)}</a> }))}
              style={{ borderInlineEnd: 'none' }}
            />
          </nav>
        </Layout.Sider>
        <Layout>
          <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', paddingInline: 24 }}>
            <Space size="middle">
              {langSwitch}
              <span className="console-who">
                {operator.name} <Tag color="blue">{t(roleKey(operator.role))}</Tag>
              </span>
              <Button onClick={() => void context.signOut()}>{t('signOut')}</Button>
            </Space>
          </Layout.Header>
          <Layout.Content style={{ padding: 24 }}>
            <main>
              {!current && <Result status="info" title={t('noArea')} />}
              {current?.key === 'operators' && <Operators />}
              {current?.key === 'audit' && <Audit />}
              {current?.key === 'cards' && <Cards />}
              {current?.key === 'merchants' && <Merchants />}
              {/* ——— finance and decisions (c45-finance) ——— */}
              {current?.key === 'money' && <Money />}
              {current?.key === 'refunds' && <RefundsWaiting />}
              {current?.key === 'shoppers' && <Shoppers />}
              {/* ——— Content: flash sales and fuel prices (c45-content) ——— */}
              {current?.key === 'seckill' && <Seckill />}
              {current?.key === 'fuel' && <Fuel />}
              {/* ——— t45-days ——— */}
              {current?.key === 'discount-days' && <DiscountDays />}
              {current?.key === 'contests' && <Contests />}
              {/* ——— d45-decide ——— */}
              {current?.key === 'names' && <ShopNames />}
              {current?.key === 'jobs' && <ReportedJobs />}
              {current?.key === 'owners' && <ShopOwners />}
              {/* ——— h45-home ——— */}
              {current?.key === 'home' && <Home />}
              {current?.key === 'cities' && <Cities />}
              {current?.key === 'classes' && <BusinessClasses />}
              {/* ——— m45-mall ——— */}
              {current?.key === 'mall' && <Mall />}
            </main>
          </Layout.Content>
        </Layout>
      </Layout>
    )
  }

  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp>
        <ConsoleContext.Provider value={context}>{body}</ConsoleContext.Provider>
      </AntApp>
    </ConfigProvider>
  )
}

document.body.style.margin = '0'
const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <Console />
    </StrictMode>,
  )
