/**
 * Pieces the copy-trading screens share: a trader's state tags and the
 * "not found" of a page about one trader (figures, lines and "load more" are
 * the app's own: components/Figures.tsx, components/LoadMore.tsx).
 */
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/StateBlocks';
import type { ApiError } from '../../../lib/api';
import { COPY_ROUTES } from '../../../shared/copytrade/routes';
import { hasRoom, type RoomOf } from '../logic';

/** Whether a trader query's error is the server's "no such trader" (404), not a failure to retry. */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as Partial<ApiError>).status === 404;
}

/** A page about one trader opened without one, or with one who does not lead: say so, and lead back to the list. */
export function TraderNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="cp-not-found" data-testid="cp-not-found">
      <EmptyState title={t('copytrade.notFound')} description={t('copytrade.notFoundHint')} />
      <Button block shape="rounded" color="primary" onClick={() => navigate(COPY_ROUTES.list)} data-testid="cp-back-to-list">
        {t('copytrade.backToList')}
      </Button>
    </div>
  );
}

/** "Paused" or "Full" when a trader takes no new follower; "Following" when the viewer follows them. */
export function TraderTags({ trader, following }: { trader: RoomOf; following?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="cp-tags">
      {following ? (
        <Tag color="primary" fill="outline">
          {t('copytrade.following')}
        </Tag>
      ) : null}
      {trader.status === 3 ? (
        <Tag color="warning" fill="outline">
          {t('copytrade.paused')}
        </Tag>
      ) : !hasRoom(trader) ? (
        <Tag color="default" fill="outline">
          {t('copytrade.full')}
        </Tag>
      ) : null}
    </span>
  );
}
