/** Bind (or change) the mobile number with a code sent to it. */
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { MobileField } from '../../../components/MobileField';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { CodeInput } from '../../../components/CodeInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSendSmsCodeMutation } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { saveDraft, takeDraft } from '../../../lib/drafts';
import { maskAccount } from '../../../lib/format';
import { useGoBack } from '../../../lib/navigation';
import { ruleOf } from '../../../lib/formRules';
import { selectAreaCode, selectUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { checkCode, checkMobile } from '../../../lib/validators';
import { useBindMobileMutation } from '../api';

interface Values {
  mobile: string;
  code: string;
}

const DRAFT = 'bindPhone';

export default function BindPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(ROUTES.security);
  const user = useAppSelector(selectUser);
  const areaCode = useAppSelector(selectAreaCode);
  const [draft] = useState(() => takeDraft<Values>(DRAFT));
  const [form] = Form.useForm<Values>();
  const [bind, { isLoading }] = useBindMobileMutation();
  const [sendSms] = useSendSmsCodeMutation();

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
    } catch {
      return false;
    }
    try {
      const message = await sendSms({ area_code: areaCode, mobile: String(form.getFieldValue('mobile')).trim() }).unwrap();
      showToast(message || t('auth.codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (values: Values) => {
    try {
      await bind({ area_code: areaCode, mobile: values.mobile.trim(), code: values.code.trim() }).unwrap();
      showToast(t('security.bound'), 'success');
      goBack();
    } catch {
      // Told by the base query.
    }
  };

  return (
    <PageShell backTo={ROUTES.security}>
      <PageHeading
        title={t('security.bindPhone')}
        subtitle={user?.mobile ? t('security.currentlyBound', { value: `+${user.area_code ?? ''} ${maskAccount(user.mobile)}` }) : t('security.bindPhoneHint')}
      />
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        validateTrigger="onBlur"
        initialValues={{ mobile: draft?.mobile ?? '', code: draft?.code ?? '' }}
        onFinish={onFinish}
        footer={
          <SubmitButton busy={isLoading} testId="bind-submit">
            {t('common.confirm')}
          </SubmitButton>
        }
      >
        <Form.Item name="mobile" label={t('auth.mobile')} rules={[ruleOf(t, (v) => checkMobile(areaCode, v))]}>
          <MobileField
            areaCode={areaCode}
            onOpenArea={() => {
              saveDraft(DRAFT, { ...form.getFieldsValue() });
              navigate(ROUTES.area);
            }}
            areaLabel={t('area.choose')}
            placeholder={t('auth.mobilePlaceholder')}
            testId="bind-mobile"
          />
        </Form.Item>
        <Form.Item name="code" label={t('auth.code')} rules={[ruleOf(t, checkCode)]}>
          <CodeInput placeholder={t('auth.codePlaceholder')} onSend={sendCode} testId="bind-code" />
        </Form.Item>
      </Form>
    </PageShell>
  );
}
