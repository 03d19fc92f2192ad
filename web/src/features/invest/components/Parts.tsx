/**
 * Small pieces the dual-investment screens share: the kind's name, the two
 * outcomes with their conditions and the "not capital protected" warning
 * (figures, lines and "load more" are the app's own: components/Figures.tsx,
 * components/LoadMore.tsx).
 */
import { useTranslation } from 'react-i18next';
import { outcomeOps, type Kind, type Payout } from '../logic';

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
  money,
  settled,
}: {
  kind: Kind;
  /** The linked price as read. */
  linked: string;
  below: Payout | null;
  above: Payout | null;
  /** An amount of a coin as it reads (the coin's display precision). */
  money: (v: string, coin: string) => string;
  settled?: 'below' | 'above' | null;
}) {
  const { t } = useTranslation();
  const ops = outcomeOps(kind);
  const row = (side: 'below' | 'above', payout: Payout | null) => (
    <div className={`dual-outcome ${settled === side ? 'hit' : ''} ${settled && settled !== side ? 'miss' : ''}`} data-testid={`dual-outcome-${side}`}>
      <span className="dual-outcome-when">{t('invest.outcome.when', { op: side === 'below' ? ops.below : ops.above, price: linked })}</span>
      <b className="dual-outcome-get" data-testid={`dual-outcome-${side}-amount`}>
        {payout ? `${money(payout.amount, payout.currency)} ${payout.currency}` : '--'}
      </b>
    </div>
  );
  return (
    <div className="dual-outcomes" data-testid="dual-outcomes">
      <span className="ui-figure-label">{t('invest.outcome.title')}</span>
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
