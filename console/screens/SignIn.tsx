import { useState, type ReactNode } from 'react'
import { Alert, Button, Card, Form, Input, Typography } from 'antd'
import type { SignInAnswer } from '../../src/contract/console'
import { call } from '../request'
import { useSingleFlight } from '../useLoad'
import { useWords } from '../context'

interface Fields {
  username: string
  password: string
  totp: string
}

/** Username, password and the authenticator's code; one attempt at a time; the refusal's words above the form. */
export function SignIn({ notice, langSwitch, onSignedIn }: { notice: string | null; langSwitch: ReactNode; onSignedIn: (answer: SignInAnswer) => void }) {
  const { t } = useWords()
  const [form] = Form.useForm<Fields>()
  const [error, setError] = useState<string | null>(null)
  const { busy, run } = useSingleFlight()

  const submit = (fields: Fields) =>
    run(async () => {
      setError(null)
      try {
        onSignedIn(await call('console.auth/signIn', { username: fields.username.trim(), password: fields.password, totp: fields.totp.trim() }))
      } catch (e) {
        setError((e as Error).message)
        // The code is used once, and a wrong one is as likely as a wrong password: type a fresh one.
        form.setFieldValue('totp', '')
      }
    })

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5' }}>
      <main style={{ width: 400 }}>
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{langSwitch}</div>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
            {t('signInTitle')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('signInHint')}</Typography.Paragraph>
          {error && <Alert className="console-signin-error" type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          {!error && notice && <Alert className="console-signin-notice" type="info" showIcon message={notice} style={{ marginBottom: 16 }} />}
          <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="username" label={t('username')} rules={[{ required: true, whitespace: true, message: t('required', { field: t('username') }) }]}>
              <Input autoComplete="username" autoFocus size="large" />
            </Form.Item>
            <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('required', { field: t('password') }) }]}>
              <Input.Password autoComplete="current-password" size="large" />
            </Form.Item>
            <Form.Item
              name="totp"
              label={t('totp')}
              extra={t('totpHelp')}
              rules={[
                { required: true, message: t('required', { field: t('totp') }) },
                { pattern: /^\s*\d{6}\s*$/, message: t('totpFormat') },
              ]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} size="large" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              {t('signIn')}
            </Button>
          </Form>
        </Card>
      </main>
    </div>
  )
}
