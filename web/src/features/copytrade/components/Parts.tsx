/** Small pieces the copy-trading screens share: a labelled figure, a trader's state tags, a "load more" button. */
import { Button, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRoom, type RoomOf } from '../logic';

/** A label over its value; `color` for a signed figure. */
export function Figure({ label, children, color, testId }: { label: ReactNode; children: ReactNode; color?: string; testId?: string }) {
  return (
    <div className="cp-figure">
      <span className="cp-figure-label">{label}</span>
      <b className="cp-figure-value" style={color ? { color } : undefined} data-testid={testId}>
        {children}
      </b>
    </div>
  );
}

/** A label and its value on one line (cards of follows and receipts). */
export function Line({ label, children, color, testId }: { label: ReactNode; children: ReactNode; color?: string; testId?: string }) {
  return (
    <div className="cp-line">
      <span className="cp-line-label">{label}</span>
      <span className="cp-line-value" style={color ? { color } : undefined} data-testid={testId}>
        {children}
      </span>
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

/** Shown under a list while the server has more than it listed. */
export function LoadMore({ shown, total, onMore, busy }: { shown: number; total: number; onMore: () => void; busy: boolean }) {
  const { t } = useTranslation();
  if (shown >= total) return null;
  return (
    <div className="cp-more">
      <Button size="small" fill="none" color="primary" onClick={onMore} loading={busy} data-testid="cp-load-more">
        {t('copytrade.loadMore')}
      </Button>
    </div>
  );
}
