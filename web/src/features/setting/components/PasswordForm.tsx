/**
 * Change the login password (7-32 characters) or set/change the payment
 * password (6 digits), confirmed by a code sent to the user's e-mail, else phone.
 */
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeading } from '../../../components/PageHeading';
import { PasswordInput } from '../../../components/PasswordInput';
import { CodeInput } from '../../../components/CodeInput';
import { SubmitButton } from '../../../components/SubmitButton';
import { api, useSendMailCodeMutation, useSendSmsCodeMutation } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { maskAccount } from '../../../lib/format';
import { useGoBack } from '../../../lib/navigation';
import { ruleAgainst, ruleOf } from '../../../lib/formRules';
import { loggedOut, selectUser } from '../../../lib/session';
import { endingSessionHere } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { checkCode, checkConfirm, checkPassword, checkPayPassword } from '../../../lib/validators';
import { useUpdatePasswordMutation } from '../api';

interface Values {
  code: string;
  password: string;
  re_password: string;
}

export function PasswordForm({ kind }: { kind: 'login' | 'pay' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(ROUTES.security);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [form] = Form.useForm<Values>();
  const [update] = useUpdatePasswordMutation();
  const [sendMail] = useSendMailCodeMutation();
  const [sendSms] = useSendSmsCodeMutation();
  const [busy, setBusy] = useState(false);
  const check = kind === 'pay' ? checkPayPassword : checkPassword;
  const target = user?.email ? maskAccount(user.email) : user?.mobile ? `+${user.area_code ?? ''} ${maskAccount(user.mobile)}` : '';

  const sendCode = async () => {
    try {
      let message: string;
      if (user?.email) message = await sendMail({ user_string: user.email }).unwrap();
      else if (user?.mobile) message = await sendSms({ area_code: user.area_code ?? '86', mobile: user.mobile }).unwrap();
      else {
        showToast(t('security.bindFirst'));
        return false;
      }
      showToast(message || t('auth.codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const onFinish = async (values: Values) => {
    setBusy(true);
    // Changing the login password ends this session too; this form signs out.
    const undo = kind === 'login' ? endingSessionHere() : () => {};
    try {
      const message = await update({
        type: kind,
        code: values.code.trim(),
        password: values.password,
        re_password: values.re_password,
      }).unwrap();
      showToast(message || t('security.passwordChanged'), 'success');
      if (kind === 'login') {
        // The server revoked every session of the user: sign in again.
        dispatch(loggedOut());
        dispatch(api.util.resetApiState());
        navigate(ROUTES.login, { replace: true });
      } else {
        dispatch(api.util.invalidateTags(['User']));
        goBack();
      }
    } catch {
      // Told by the base query; the form keeps its values.
    } finally {
      // A session_ended after the answer finds the login page and stays there.
      undo();
      setBusy(false);
    }
  };

  const title =
    kind === 'login' ? t('security.loginPassword') : user?.has_pay_password ? t('security.changePayPassword') : t('security.setPayPassword');

  return (
    <>
      <PageHeading title={title} subtitle={target ? t('security.codeTo', { target }) : t('security.bindFirst')} />
      <Form
        form={form}
        layout="vertical"
        className="dark-form"
        validateTrigger="onBlur"
        onFinish={onFinish}
        footer={
          <SubmitButton busy={busy} testId="password-submit">
            {t('common.confirm')}
          </SubmitButton>
        }
      >
        <Form.Item name="code" label={t('auth.code')} rules={[ruleOf(t, checkCode)]}>
          <CodeInput placeholder={t('auth.codePlaceholder')} onSend={sendCode} testId="password-code" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.newPassword')} rules={[ruleOf(t, check)]}>
          <PasswordInput
            testId="password-new"
            placeholder={kind === 'pay' ? t('security.payPlaceholder') : t('auth.newPasswordPlaceholder')}
            numeric={kind === 'pay'}
            maxLength={kind === 'pay' ? 6 : 32}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('auth.confirmPassword')}
          dependencies={['password']}
          rules={[ruleAgainst(t, 'password', checkConfirm)]}
        >
          <PasswordInput
            testId="password-confirm"
            placeholder={t('auth.confirmPlaceholder')}
            numeric={kind === 'pay'}
            maxLength={kind === 'pay' ? 6 : 32}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </>
  );
}
