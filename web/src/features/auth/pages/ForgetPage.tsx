/** Password recovery: a code sent to the account's e-mail or mobile, then a new password twice. */
import { Form, Input, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
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
import { checkCode, checkConfirm, checkEmail, checkMobile, checkPassword } from '../../../lib/validators';
import { useForgetMutation } from '../api';
import { AuthHeader } from '../components/AuthHeader';

type Mode = 'email' | 'mobile';

interface ForgetValues {
  account: string;
  code: string;
  password: string;
  repassword: string;
}

const DRAFT = 'forget';

export default function ForgetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaCode = useAppSelector(selectAreaCode);
  const [draft] = useState(() => takeDraft<ForgetValues & { mode: Mode }>(DRAFT));
  const [mode, setMode] = useState<Mode>(draft?.mode ?? 'email');
  const [form] = Form.useForm<ForgetValues>();
  const [forget] = useForgetMutation();
  const [sendMail] = useSendMailCodeMutation();
  const [sendSms] = useSendSmsCodeMutation();
  const [busy, setBusy] = useState(false);

  const accountCheck = (v: string) => (mode === 'email' ? checkEmail(v) : checkMobile(areaCode, v));

  const sendCode = async () => {
    try {
      await form.validateFields(['account']);
    } catch {
      return false;
    }
    const target = String(form.getFieldValue('account')).trim();
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

  const switchMode = (key: string) => {
    setMode(key as Mode);
    form.setFields([
      { name: 'account', value: '', errors: [] },
      { name: 'code', value: '', errors: [] },
    ]);
  };

  const openArea = () => {
    saveDraft(DRAFT, { ...form.getFieldsValue(), mode });
    navigate(ROUTES.area);
  };

  const onFinish = async (values: ForgetValues) => {
    setBusy(true);
    const account = values.account.trim();
    try {
      const message = await forget({
        account,
        code: values.code.trim(),
        password: values.password,
        repassword: values.repassword,
      }).unwrap();
      showToast(typeof message === 'string' && message ? message : t('auth.resetSuccess'), 'success');
      navigate(`${ROUTES.login}?account=${encodeURIComponent(account)}`, { replace: true });
    } catch {
      // Shown by the base query; the form keeps its values.
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell className="auth-page" backTo={ROUTES.login}>
      <AuthHeader title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')} />
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
          account: draft?.account ?? '',
          code: draft?.code ?? '',
          password: draft?.password ?? '',
          repassword: draft?.repassword ?? '',
        }}
        onFinish={onFinish}
        footer={<SubmitButton busy={busy}>{t('auth.resetPassword')}</SubmitButton>}
      >
        {mode === 'email' ? (
          <Form.Item key="email" name="account" label={t('auth.email')} rules={[ruleOf(t, accountCheck)]}>
            <Input placeholder={t('auth.emailPlaceholder')} type="email" autoComplete="email" clearable />
          </Form.Item>
        ) : (
          <Form.Item key="mobile" name="account" label={t('auth.mobile')} rules={[ruleOf(t, accountCheck)]}>
            <MobileField
              areaCode={areaCode}
              onOpenArea={openArea}
              areaLabel={t('area.choose')}
              placeholder={t('auth.mobilePlaceholder')}
            />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('auth.code')} rules={[ruleOf(t, checkCode)]}>
          <CodeInput placeholder={t('auth.codePlaceholder')} onSend={sendCode} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.newPassword')} rules={[ruleOf(t, checkPassword)]}>
          <PasswordInput placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repassword"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[ruleAgainst(t, 'password', checkConfirm)]}
        >
          <PasswordInput placeholder={t('auth.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </PageShell>
  );
}
