/** Bind (or change) the e-mail address with a code sent to it. */
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { CodeInput } from '../../../components/CodeInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSendMailCodeMutation } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { maskAccount } from '../../../lib/format';
import { useGoBack } from '../../../lib/navigation';
import { ruleOf } from '../../../lib/formRules';
import { selectUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { checkCode, checkEmail } from '../../../lib/validators';
import { useBindEmailMutation } from '../api';

interface Values {
  email: string;
  code: string;
}

export default function BindEmailPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(ROUTES.security);
  const user = useAppSelector(selectUser);
  const [form] = Form.useForm<Values>();
  const [bind, { isLoading }] = useBindEmailMutation();
  const [sendMail] = useSendMailCodeMutation();

  const sendCode = async () => {
    try {
      await form.validateFields(['email']);
    } catch {
      return false;
    }
    try {
      const message = await sendMail({ user_string: String(form.getFieldValue('email')).trim() }).unwrap();
      showToast(message || t('auth.codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (values: Values) => {
    try {
      await bind({ email: values.email.trim(), code: values.code.trim() }).unwrap();
      showToast(t('security.bound'), 'success');
      goBack();
    } catch {
      // Told by the base query.
    }
  };

  return (
    <PageShell backTo={ROUTES.security}>
      <PageHeading
        title={t('security.bindEmail')}
        subtitle={user?.email ? t('security.currentlyBound', { value: maskAccount(user.email) }) : t('security.bindEmailHint')}
      />
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        validateTrigger="onBlur"
        onFinish={onFinish}
        footer={<SubmitButton busy={isLoading}>{t('common.confirm')}</SubmitButton>}
      >
        <Form.Item name="email" label={t('auth.email')} rules={[ruleOf(t, checkEmail)]}>
          <Input placeholder={t('auth.emailPlaceholder')} type="email" autoComplete="email" clearable />
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={[ruleOf(t, checkCode)]}>
          <CodeInput placeholder={t('auth.codePlaceholder')} onSend={sendCode} />
        </Form.Item>
      </Form>
    </PageShell>
  );
}
