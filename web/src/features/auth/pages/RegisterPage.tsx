/** Registration by e-mail or by mobile number, with a code sent to it. */
import { Form, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { MobileField } from '../../../components/MobileField';
import { PageShell } from '../../../components/PageShell';
import { PasswordInput } from '../../../components/PasswordInput';
import { CodeInput } from '../../../components/CodeInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSendMailCodeMutation, useSendSmsCodeMutation } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { saveDraft, takeDraft } from '../../../lib/drafts';
import { ruleAgainst, ruleOf } from '../../../lib/formRules';
import { selectAreaCode } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { checkCode, checkConfirm, checkEmail, checkInviteCode, checkMobile, checkPassword } from '../../../lib/validators';
import { useRegisterMutation } from '../api';
import { AuthHeader } from '../components/AuthHeader';
import { useSignIn } from '../useSignIn';

type Mode = 'email' | 'mobile';

interface RegisterValues {
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code: string;
}

const DRAFT = 'register';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const areaCode = useAppSelector(selectAreaCode);
  const [draft] = useState(() => takeDraft<RegisterValues & { mode: Mode }>(DRAFT));
  const [mode, setMode] = useState<Mode>(draft?.mode ?? 'email');
  const [form] = Form.useForm<RegisterValues>();
  const [register] = useRegisterMutation();
  const signIn = useSignIn();
  const [sendMail] = useSendMailCodeMutation();
  const [sendSms] = useSendSmsCodeMutation();
  const [busy, setBusy] = useState(false);

  const accountCheck = (v: string) => (mode === 'email' ? checkEmail(v) : checkMobile(areaCode, v));

  const sendCode = async () => {
    try {
      await form.validateFields(['user_string']);
    } catch {
      return false;
    }
    const target = String(form.getFieldValue('user_string')).trim();
    try {
      const message =
        mode === 'email'
          ? await sendMail({ user_string: target }).unwrap()
          : await sendSms({ area_code: areaCode, mobile: target }).unwrap();
      showToast(typeof message === 'string' && message ? message : t('auth.codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const openArea = () => {
    saveDraft(DRAFT, { ...form.getFieldsValue(), mode });
    navigate(ROUTES.area);
  };

  const switchMode = (key: string) => {
    setMode(key as Mode);
    form.setFields([
      { name: 'user_string', value: '', errors: [] },
      { name: 'code', value: '', errors: [] },
    ]);
  };

  const onFinish = async (values: RegisterValues) => {
    setBusy(true);
    const account = values.user_string.trim();
    try {
      const message = await register({
        type: mode,
        user_string: account,
        area_code: mode === 'mobile' ? areaCode : undefined,
        code: values.code.trim(),
        password: values.password,
        re_password: values.re_password,
        extension_code: values.extension_code?.trim() || undefined,
      }).unwrap();
      const redirect = params.get('redirect');
      try {
        // The new account is signed in and goes where the person was going.
        await signIn(account, values.password, redirect);
        showToast(t('auth.registerSuccess'), 'success');
      } catch {
        // Registered but not signed in (a rate limit, say): the login page,
        // filled in, is the next step.
        showToast(typeof message === 'string' && message ? message : t('auth.registerSuccess'), 'success');
        const back = redirect ? `&redirect=${encodeURIComponent(redirect)}` : '';
        navigate(`${ROUTES.login}?account=${encodeURIComponent(account)}${back}`, { replace: true });
      }
    } catch {
      // Shown by the base query; the form keeps its values.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell className="auth-page" backTo={ROUTES.login}>
      <AuthHeader title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      <Tabs activeKey={mode} onChange={switchMode} className="auth-tabs">
        <Tabs.Tab key="email" title={t('auth.byEmail')} />
        <Tabs.Tab key="mobile" title={t('auth.byMobile')} />
      </Tabs>
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        validateTrigger="onBlur"
        initialValues={{
          user_string: draft?.user_string ?? '',
          code: draft?.code ?? '',
          password: draft?.password ?? '',
          re_password: draft?.re_password ?? '',
          extension_code: draft?.extension_code ?? params.get('code') ?? '',
        }}
        onFinish={onFinish}
        footer={
          <SubmitButton busy={busy} testId="register-submit">
            {t('auth.register')}
          </SubmitButton>
        }
      >
        {mode === 'email' ? (
          <Form.Item key="email" name="user_string" label={t('auth.email')} rules={[ruleOf(t, accountCheck)]}>
            <Input placeholder={t('auth.emailPlaceholder')} type="email" autoComplete="email" clearable data-testid="register-account" />
          </Form.Item>
        ) : (
          <Form.Item
            key="mobile"
            name="user_string"
            label={t('auth.mobile')}
            rules={[ruleOf(t, accountCheck)]}
          >
            <MobileField
              areaCode={areaCode}
              onOpenArea={openArea}
              areaLabel={t('area.choose')}
              placeholder={t('auth.mobilePlaceholder')}
              testId="register-account"
            />
          </Form.Item>
        )}
        <Form.Item
          name="code"
          label={t('auth.code')}
          rules={[ruleOf(t, checkCode)]}>
          <CodeInput placeholder={t('auth.codePlaceholder')} onSend={sendCode} testId="register-code" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[ruleOf(t, checkPassword)]}>
          <PasswordInput placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" testId="register-password" />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[ruleAgainst(t, 'password', checkConfirm)]}
        >
          <PasswordInput placeholder={t('auth.confirmPlaceholder')} autoComplete="new-password" testId="register-confirm" />
        </Form.Item>
        <Form.Item name="extension_code" label={t('auth.inviteCode')} rules={[ruleOf(t, checkInviteCode)]}>
          <Input placeholder={t('auth.inviteCodePlaceholder')} clearable />
        </Form.Item>
      </Form>
      <div className="auth-links single">
        <Link to={ROUTES.login}>
          {t('auth.haveAccount')} <strong>{t('auth.login')}</strong>
        </Link>
      </div>
    </PageShell>
  );
}
