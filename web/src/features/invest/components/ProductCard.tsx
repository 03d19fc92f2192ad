/**
 * A product in the list: APR, linked price against the index, days, when the
 * sale closes and interest starts, when it settles, and shares left; tapping
 * opens it.
 */
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/CoinIcon';
import { Figure } from '../../../components/Figures';
import { TapCard } from '../../../components/TapCard';
import { formatDateTime, groupThousands } from '../../../lib/format';
import type { DualProduct } from '../api';
import { useDualFigures } from '../figures';
import { aprText, distanceText } from '../logic';
import { KindTag } from './Parts';

export function ProductCard({ p, onOpen }: { p: DualProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  const { price, exact } = useDualFigures();
  const distance = distanceText(p.linked_price, p.index_price);
  const left = p.shares_total > 0 ? Math.min(100, (p.shares_left / p.shares_total) * 100) : 0;
  return (
    <TapCard onOpen={onOpen} data-testid="dual-product" data-id={p.id} data-kind={p.kind} data-coin={p.currency}>
      <div className="dual-product-head">
        <CoinIcon name={p.currency} size={28} />
        <strong className="ellipsis">{`${p.currency}/${p.quote}`}</strong>
        <KindTag kind={p.kind} />
        <span className="dual-days">{t('invest.daysCount', { count: p.days })}</span>
      </div>
      <div className="ui-main dual-product-main">
        <div className="ui-big dual-apr">
          <span className="ui-figure-label">{t('invest.apr')}</span>
          <strong data-testid="dual-product-apr">{aprText(p.apr)}</strong>
        </div>
        <div className="dual-prices">
          <Figure end label={t('invest.linkedPrice')} testId="dual-product-linked">
            {price(p.currency, p.quote, p.linked_price)}
          </Figure>
          <span className="dual-index">
            {t('invest.indexNow', { price: price(p.currency, p.quote, p.index_price) })}
            {distance ? <span className="dual-distance"> ({distance})</span> : null}
          </span>
        </div>
      </div>
      <div className="ui-grid">
        <Figure label={t('invest.interestFrom')} testId="dual-product-starts">
          {formatDateTime(p.starts_at)}
        </Figure>
        <Figure label={t('invest.settlesOn')} testId="dual-product-settles">
          {formatDateTime(p.matures_at)}
        </Figure>
        <Figure label={t('invest.perShare')}>{`${exact(p.unit)} ${p.invest_currency}`}</Figure>
      </div>
      <div className="dual-left">
        <div className="dual-bar" aria-hidden="true">
          <span style={{ width: `${left}%` }} />
        </div>
        <span className="hint" data-testid="dual-product-left">
          {t('invest.sharesLeft', { left: groupThousands(String(p.shares_left)), total: groupThousands(String(p.shares_total)) })}
        </span>
      </div>
    </TapCard>
  );
}
