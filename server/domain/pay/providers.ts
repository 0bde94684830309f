import type { PaymentProvider, PayMethod, ProviderName } from '../../providers/pay/types'

/**
 * The payment providers as the domain asks for them (issue 40; server/providers/README.md). server/http/app.ts hands in
 * the start's set (server/providers/pay/registry.ts); the sandbox provider is one too (it answers for itself).
 */
export interface PayProviders {
  /** The provider of a stored trade, by the name stored on it; null when this start has none of that name. */
  provider(name: ProviderName): PaymentProvider | null
  /** Who takes a payment by this method in this start; null: nobody (payparam refuses: online_pay_unavailable). */
  forMethod(method: PayMethod): PaymentProvider | null
}

/** The provider of a stored trade; a trade whose provider this start lacks cannot be called (the outbox tries again later). */
export function providerOf(providers: PayProviders, name: ProviderName): PaymentProvider {
  const p = providers.provider(name)
  if (!p) throw new Error(`payment provider ${name} is not configured in this start`)
  return p
}
