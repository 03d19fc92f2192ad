/** The pop-up notice, shown once per notice id (the dismissed id is kept on the device). */
import { Modal } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextContent } from '../../../components/TextContent';
import { readJson, STORAGE_KEYS, writeJson } from '../../../lib/storage';
import { useGetIndexPopQuery } from '../api';

export function PopNoticeDialog() {
  const { t } = useTranslation();
  const { data } = useGetIndexPopQuery();
  const [dismissed, setDismissed] = useState<number | null>(() => readJson<number>(STORAGE_KEYS.popDismissed));

  const visible = Boolean(data && data.id !== dismissed);
  const close = () => {
    if (!data) return;
    writeJson(STORAGE_KEYS.popDismissed, data.id);
    setDismissed(data.id);
  };

  return (
    <Modal
      visible={visible}
      className="pop-notice"
      title={data?.title}
      content={
        <div className="pop-notice-body" data-testid="pop-notice">
          <TextContent text={data?.content ?? ''} />
        </div>
      }
      closeOnAction
      onClose={close}
      actions={[{ key: 'ok', text: t('common.gotIt'), primary: true }]}
    />
  );
}
