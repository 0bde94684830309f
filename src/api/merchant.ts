/**
 * Merchant sign-up's calls (issue 26). Only the sign-up screen imports this module, so MERCHANT_ENDPOINTS stays off
 * Home's first load; the calls go through the app's one client with the method from MERCHANT_ENDPOINTS. The photos
 * travel outside it (src/platform/photos: a multipart upload with progress).
 */
import type { MerchantApplicationPayload } from '@/contract/merchant'
import { MERCHANT_ENDPOINTS, type MerchantEndpointPath } from '@/contract/merchantEndpoints'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { request } from '@/core/request'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'
import { rememberUserIds } from './roles'

function requestMerchant<P extends MerchantEndpointPath>(path: P, payload: ApiReq<P>): Promise<ApiRes<P>> {
  return request(path, payload, { changes: ['personal.merchant_application/', 'personal.user/'] }, MERCHANT_ENDPOINTS[path])
}

/**
 * The screen's data: my application (null: none yet) and who I am (the mobile my login verified; whether I am staff
 * already — an approval makes me my shop's owner, remembered for the workbench entry on Me).
 */
export function useMyApplication(options: SignedInOptions = {}) {
  return useSignedInQuery(
    async () => {
      const [mine, me] = await Promise.all([requestMerchant('personal.merchant_application/read', {}), request('personal.user/info', {})])
      rememberUserIds(me.user.userIds)
      return { application: mine.application, user: me.user }
    },
    [],
    options,
  )
}

/** Apply, or resubmit the same application after a rejection. */
export const submitApplication = (payload: MerchantApplicationPayload) => requestMerchant('personal.merchant_application/submit', payload).then((r) => r.application)

/** Text a code to the shop's mobile (scene shopRegister); answers when another may be asked (ms on the phone's clock). */
export const sendSignUpCode = (mobile: string) => request('Captcha/sendSmsCaptcha', { phone: mobile, scene: 'shopRegister' }).then((r) => Date.now() + r.resend_in * 1000)
