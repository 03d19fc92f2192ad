/**
 * "Send code" button with the 60 s countdown. `onSend` validates the target
 * and calls the server; it answers true when a code was sent.
 */
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_RESEND_SECONDS } from '../lib/constants';

export function SendCodeButton({ onSend }: { onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const click = async () => {
    if (sending || left > 0) return;
    setSending(true);
    try {
      if (await onSend()) setLeft(CODE_RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      className="send-code"
      size="mini"
      color="primary"
      fill="none"
      disabled={sending || left > 0}
      onClick={click}
      data-testid="send-code"
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}
