/** Empty and error states in the app's dark style, texts from the locale files. */
import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EmptyState({ title, description }: { title?: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="state-block"
      status="empty"
      title={title ?? t('common.empty')}
      description={description ?? ''}
    />
  );
}

export function ErrorState({ onRetry, description }: { onRetry?: () => void; description?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="state-block"
      status="default"
      title={t('common.loadFailed')}
      description={description ?? t('common.loadFailedHint')}
    >
      {onRetry ? (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      ) : null}
    </ErrorBlock>
  );
}
