import { request } from './request'
import { forgetSession } from './session'
import { getItem } from './storage'

// Its own module: the request client reports an expired session to ./session, so session cannot import request.
/**
 * Log out: the token is forgotten here at once (offline, a hanging or failing call never keeps the
 * shopper logged in), then the server is asked to revoke that token. Resolves true when the server
 * confirmed; false when it could not be reached (the token then simply expires on the server).
 * A -1 answer to this call leaves the (already forgotten) session alone, so nothing loops.
 */
export async function logout(): Promise<boolean> {
  const token = getItem('token')
  forgetSession()
  if (!token) return true
  try {
    await request('personal.user/logout', {}, { token })
    return true
  } catch {
    return false
  }
}
