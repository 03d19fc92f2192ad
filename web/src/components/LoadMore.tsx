/**
 * "Load more" under a list the server answers in growing pages (`limit`
 * grows by a page at each tap): shown while the server holds more than is
 * listed (components/ui.css).
 */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './ui.css';

export function LoadMore({ shown, total, onMore, busy, testId }: { shown: number; total: number; onMore: () => void; busy: boolean; testId: string }) {
  const { t } = useTranslation();
  if (shown >= total) return null;
  return (
    <div className="ui-more">
      <Button size="small" fill="none" color="primary" onClick={onMore} loading={busy} data-testid={testId}>
        {t('common.loadMore')}
      </Button>
    </div>
  );
}
