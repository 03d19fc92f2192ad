/**
 * Login with an e-mail or mobile number and a password. Opened with
 * `?ended=revoked|expired` after the server ended the session (lib/socket.ts),
 * it first says so.
 */
import { Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PageShell } from '../../../components/PageShell';
import { PasswordInput } from '../../../components/PasswordInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { ROUTES } from '../../../lib/constants';
import { ruleOf } from '../../../lib/formRules';
import { showToast } from '../../../lib/toast';
import { checkAccount, checkPassword } from '../../../lib/validators';
import { useSignIn } from '../useSignIn';
import { AuthHeader } from '../components/AuthHeader';

interface LoginValues {
  user_string: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [busy, setBusy] = useState(false);
  const redirect = params.get('redirect');
  const ended = params.get('ended');

  const onFinish = async (values: LoginValues) => {
    setBusy(true);
    try {
      await signIn(values.user_string.trim(), values.password, redirect);
      showToast(t('auth.loginSuccess'), 'success');
    } catch {
      // The base query showed the server's message; the form keeps its values.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell className="auth-page" backTo={ROUTES.home}>
      <AuthHeader title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      {ended ? (
        <p className="session-ended" role="alert" data-testid="session-ended" data-reason={ended}>
          {t(ended === 'expired' ? 'auth.sessionExpired' : 'auth.sessionEnded')}
        </p>
      ) : null}
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        initialValues={{ user_string: params.get('account') ?? '', password: '' }}
        onFinish={onFinish}
        validateTrigger="onBlur"
        footer={
          <SubmitButton busy={busy} testId="login-submit">
            {t('auth.login')}
          </SubmitButton>
        }
      >
        <Form.Item name="user_string" label={t('auth.account')} rules={[ruleOf(t, checkAccount)]}>
          <Input
            placeholder={t('auth.accountPlaceholder')}
            autoComplete="username"
            clearable
            data-testid="login-account"
          />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[ruleOf(t, checkPassword)]}>
          <PasswordInput placeholder={t('auth.passwordPlaceholder')} testId="login-password" />
        </Form.Item>
      </Form>
      <div className="auth-links">
        <Link to={ROUTES.forget}>{t('auth.forgot')}</Link>
        <Link to={redirect ? `${ROUTES.register}?redirect=${encodeURIComponent(redirect)}` : ROUTES.register} data-testid="to-register">
          {t('auth.noAccount')} <strong>{t('auth.register')}</strong>
        </Link>
      </div>
    </PageShell>
  );
}
