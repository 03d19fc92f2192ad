/** Small pieces the lock-up mining screens share: a labelled figure, a label-value line, a progress bar, "load more". */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A label over its value. */
export function Figure({ label, children, testId, color }: { label: ReactNode; children: ReactNode; testId?: string; color?: string }) {
  return (
    <div className="lm-figure">
      <span className="lm-figure-label">{label}</span>
      <b className="lm-figure-value" data-testid={testId} style={color ? { color } : undefined}>
        {children}
      </b>
    </div>
  );
}

/** A label and its value on one line. */
export function Line({ label, children, testId, color }: { label: ReactNode; children: ReactNode; testId?: string; color?: string }) {
  return (
    <div className="lm-line">
      <span className="lm-line-label">{label}</span>
      <span className="lm-line-value" data-testid={testId} style={color ? { color } : undefined}>
        {children}
      </span>
    </div>
  );
}

/** A thin bar filled to `percent` (0 to 100), with its label for assistive technology. */
export function Bar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className="lm-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} data-testid={testId}>
      {/* A sliver shows that something was taken, however little. */}
      <span style={{ width: percent > 0 ? `max(3px, ${Math.min(100, percent)}%)` : 0 }} />
    </div>
  );
}

/** Shown under a list while the server has more than it listed. */
export function LoadMore({ shown, total, onMore, busy }: { shown: number; total: number; onMore: () => void; busy: boolean }) {
  const { t } = useTranslation();
  if (shown >= total) return null;
  return (
    <div className="lm-more">
      <Button size="small" fill="none" color="primary" onClick={onMore} loading={busy} data-testid="lm-load-more">
        {t('lockming.loadMore')}
      </Button>
    </div>
  );
}
