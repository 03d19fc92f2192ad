/**
 * Small pieces the dual-investment screens share: a labelled figure, a label
 * and value line, the kind's name, the two outcomes with their conditions,
 * the "not capital protected" warning and a "load more" button.
 */
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomeOps, type Kind, type Payout } from '../logic';

export function Figure({ label, children, testId, color }: { label: ReactNode; children: ReactNode; testId?: string; color?: string }) {
  return (
    <div className="dual-figure">
      <span className="dual-figure-label">{label}</span>
      <b className="dual-figure-value" style={color ? { color } : undefined} data-testid={testId}>
        {children}
      </b>
    </div>
  );
}

export function Line({ label, children, testId, strong }: { label: ReactNode; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className="dual-line">
      <span className="dual-line-label">{label}</span>
      <span className={`dual-line-value ${strong ? 'dual-em' : ''}`} data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** "Sell high" or "Buy low", coloured like a trade's side. */
export function KindTag({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  return (
    <span className={`dual-kind ${kind}`} data-testid="dual-kind" data-kind={kind}>
      {t(`invest.kind.${kind}`)}
    </span>
  );
}

/**
 * The two outcomes of an order or a purchase: what is received when the
 * settlement price ends below or above the linked price (which side the
 * linked price itself falls on depends on the kind). `settled` marks the
 * outcome that happened.
 */
export function Outcomes({
  kind,
  linked,
  below,
  above,
  exact,
  settled,
}: {
  kind: Kind;
  /** The linked price as read. */
  linked: string;
  below: Payout | null;
  above: Payout | null;
  exact: (v: string) => string;
  settled?: 'below' | 'above' | null;
}) {
  const { t } = useTranslation();
  const ops = outcomeOps(kind);
  const row = (side: 'below' | 'above', payout: Payout | null) => (
    <div className={`dual-outcome ${settled === side ? 'hit' : ''} ${settled && settled !== side ? 'miss' : ''}`} data-testid={`dual-outcome-${side}`}>
      <span className="dual-outcome-when">{t('invest.outcome.when', { op: side === 'below' ? ops.below : ops.above, price: linked })}</span>
      <b className="dual-outcome-get" data-testid={`dual-outcome-${side}-amount`}>
        {payout ? `${exact(payout.amount)} ${payout.currency}` : '--'}
      </b>
    </div>
  );
  return (
    <div className="dual-outcomes" data-testid="dual-outcomes">
      <span className="dual-figure-label">{t('invest.outcome.title')}</span>
      {row('below', below)}
      {row('above', above)}
    </div>
  );
}

export function NotProtected() {
  const { t } = useTranslation();
  return (
    <p className="dual-warning" role="note" data-testid="dual-not-protected">
      <b>{t('invest.notProtected')}</b> {t('invest.notProtectedText')}
    </p>
  );
}

export function LoadMore({ shown, total, onMore, busy }: { shown: number; total: number; onMore: () => void; busy: boolean }) {
  const { t } = useTranslation();
  if (shown >= total) return null;
  return (
    <div className="dual-more">
      <Button size="small" fill="none" color="primary" onClick={onMore} loading={busy} data-testid="dual-load-more">
        {t('invest.loadMore')}
      </Button>
    </div>
  );
}
