/**
 * The sandbox provider moved to server/providers/pay/sandbox.ts (issue 40). These names stay importable from here for the
 * tests written against them (`PayProvider` is the sandbox provider as `app.payProvider` holds it). Nothing of the
 * domain imports this file: the domain asks PayProviders (./providers.ts). A named lint exception (eslint.config.mjs).
 */
export {
  createSandboxProvider,
  createUnconfiguredProvider,
  sameSignature,
  sandboxTransactionId,
  signNotification,
  signRefundNotification,
  type ProviderCall,
  type RefundCall,
  type RefundNotification,
  type SandboxProvider as PayProvider,
} from '../../providers/pay/sandbox'
