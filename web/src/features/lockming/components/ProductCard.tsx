/**
 * A product in the list: its daily yield range in large, today's rate, the
 * days, the minimum, the reserve's coverage, the quota left (a bar), and,
 * when it takes no subscription, why.
 */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/CoinIcon';
import { Figure } from '../../../components/Figures';
import { TapCard } from '../../../components/TapCard';
import type { LockProduct } from '../../../shared/lock/types';
import { useLockFigures } from '../figures';
import { closedReason, coverageText, rangeText, rateText, takenPercent } from '../logic';
import { Measure } from './Parts';

export function ProductCard({ product: p, onOpen }: { product: LockProduct; onOpen: () => void }) {
  const { t } = useTranslation();
  const { money, image } = useLockFigures();
  const closed = closedReason(p);
  const coverage = coverageText(p.coverage);
  return (
    <TapCard
      className={`lm-product ${closed ? 'is-closed' : ''}`}
      onOpen={onOpen}
      data-testid="lm-product"
      data-id={p.id}
      data-currency={p.currency}
      data-open={p.open ? '1' : '0'}
    >
      <div className="lm-product-head">
        <CoinIcon src={image(p.currency)} name={p.currency} size={28} />
        <strong className="ellipsis" data-testid="lm-product-name">
          {p.name}
        </strong>
        {closed ? (
          <Tag color="default" fill="outline" data-testid="lm-product-closed">
            {t('lockming.closed')}
          </Tag>
        ) : null}
      </div>
      <div className="ui-main">
        <div className="ui-big lm-rate">
          <span className="ui-figure-label">{t('lockming.dailyRange')}</span>
          <strong data-testid="lm-product-range">{rangeText(p.rate_min, p.rate_max)}</strong>
        </div>
        <Figure end label={t('lockming.todayRate')} testId="lm-product-today">
          {rateText(p.today_rate)}
        </Figure>
      </div>
      <div className="ui-grid ui-grid-3">
        <Figure label={t('lockming.days')}>{t('lockming.daysCount', { count: p.days })}</Figure>
        <Figure label={t('lockming.minimum')}>
          {money(p.min_amount, p.currency)} {p.currency}
        </Figure>
        <Figure label={t('lockming.coverage')} testId="lm-product-coverage">
          {coverage ?? t('lockming.coverageNone')}
        </Figure>
      </div>
      <Measure label={t('lockming.remaining')} percent={takenPercent(p.total_locked, p.total_cap)} testId="lm-product-remaining">
        {money(p.remaining, p.currency)} / {money(p.total_cap, p.currency)} {p.currency}
      </Measure>
      {closed ? (
        <p className="lm-closed" data-testid="lm-product-why">
          {t('lockming.notTaking')} {t(`lockming.closedReason.${closed}`)}
        </p>
      ) : null}
      <div className="lm-product-foot">
        <span className="hint ellipsis">{t('lockming.holders', { count: p.holders })}</span>
        {/* The whole card opens the product (one control); this only looks like a button and says where it leads. */}
        <span
          className={`adm-button adm-button-primary adm-button-small adm-button-shape-rounded ${closed ? 'adm-button-fill-outline' : ''}`}
          data-testid="lm-product-buy"
        >
          <span>{closed ? t('lockming.details') : t('lockming.subscribe')}</span>
        </span>
      </div>
    </TapCard>
  );
}
