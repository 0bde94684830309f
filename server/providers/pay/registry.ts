import type { PaymentProvider, PayMethod, ProviderName } from './types'

/**
 * The payment providers of one start (server/http/app.ts builds it from the configuration): who pays by each method,
 * and whose is a stored trade. A real provider takes the methods it has (WeChat Pay: wechat_*; Alipay: alipay_*); the
 * sandbox, when it is on, stands in for every method no real provider has; with neither, a method has nobody and
 * payparam refuses ("not configured"). Satisfies the domain's PayProviders (server/domain/pay/providers.ts).
 */
export interface PaymentProviders {
  provider(name: ProviderName): PaymentProvider | null
  forMethod(method: PayMethod): PaymentProvider | null
  /** The real providers configured in this start (for the banner and the tests). */
  readonly configured: readonly ProviderName[]
}

export function createPaymentProviders(p: { sandbox?: PaymentProvider | null; wechatpay?: PaymentProvider | null; alipay?: PaymentProvider | null }): PaymentProviders {
  const real = [p.wechatpay, p.alipay].filter((x): x is PaymentProvider => !!x)
  const byName = new Map<ProviderName, PaymentProvider>()
  for (const x of [p.sandbox, ...real]) if (x) byName.set(x.name, x)
  return {
    configured: real.map((x) => x.name),
    provider: (name) => byName.get(name) ?? null,
    forMethod(method) {
      if (method !== 'sandbox') for (const x of real) if (x.methods.includes(method)) return x
      return p.sandbox && p.sandbox.methods.includes(method) ? p.sandbox : null
    },
  }
}
