import { HEADER_ORIGIN, HEADER_TOKEN } from '@/contract/envelope'
import { UPLOAD_PATH } from '@/contract/endpoints'
import { t } from '@/core/i18n'
import { ApiError } from '@/core/request'
import { getItem } from '@/core/storage'
import { apiBase } from './apiBase'

/** Where a photo is sent and with which headers (the same token and origin headers as every call of src/core/request.ts). */
export function uploadTarget(): { url: string; headers: Record<string, string> } {
  return { url: `${apiBase.base()}/api/${UPLOAD_PATH}`, headers: { [HEADER_TOKEN]: getItem('token') ?? '', [HEADER_ORIGIN]: '' } }
}

/** The upload's answer (an envelope, as text) → the stored picture's address, or the refusal as an ApiError. */
export function uploadedUrl(status: number, text: string): string {
  type Answer = { code?: unknown; msg?: unknown; reason?: unknown; data?: { url?: unknown } | null }
  const parse = (): Answer => {
    try {
      const v: unknown = JSON.parse(text)
      return typeof v === 'object' && v !== null ? (v as Answer) : {}
    } catch {
      return {}
    }
  }
  const body = parse()
  if (body.code === 1 && typeof body.data?.url === 'string') return body.data.url
  const msg = typeof body.msg === 'string' && body.msg ? body.msg : t('common.serverError', { status })
  const code = typeof body.code === 'number' ? body.code : null
  throw new ApiError(code === -1 ? 'auth' : status === 200 && code !== null ? 'business' : 'http', msg, status, code, { reason: typeof body.reason === 'string' ? body.reason : null })
}

export const networkFailure = () => new ApiError('network', t('common.networkError'), 0, null)
