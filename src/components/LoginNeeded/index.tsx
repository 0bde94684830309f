import { EmptyState } from '@/components/StateView'
import { useT } from '@/core/i18n'
import { goToLogin } from '@/core/session'

/** What an anonymous shopper sees on a screen that needs a login: why, and the way to log in. */
export default function LoginNeeded({ returnTo }: { returnTo: string }) {
  const t = useT()
  return <EmptyState title={t('auth.loginRequired')} hint={t('auth.loginRequiredHint')} actionText={t('auth.login')} onAction={() => goToLogin(returnTo)} />
}
