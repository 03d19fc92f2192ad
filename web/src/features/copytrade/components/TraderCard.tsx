/** A trader in the list: who they are, the 30-day return in large, and the figures a follower compares. */
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../components/Figures';
import { trendColor } from '../../../lib/format';
import type { TraderCard as Card } from '../api';
import { useCopyFigures } from '../figures';
import { percentText } from '../logic';
import { TraderTags } from './Parts';
import { RetryImage } from '../../../components/RetryImage';

const HUES = ['#f0b90b', '#2ec4b6', '#3d8bfd', '#9b6bff', '#0ecb81', '#ff7a8a'];

/** The trader's picture, or the first letter of their name on a colour of their own. */
export function TraderAvatar({ name, src, id, size = 44 }: { name: string; src: string; id: number; size?: number }) {
  const hue = HUES[Math.abs(id) % HUES.length];
  return (
    <span className="cp-avatar" style={{ width: size, height: size, background: src ? undefined : `${hue}26`, color: hue, fontSize: size * 0.42 }}>
      {src ? <RetryImage src={src} alt="" /> : ([...name.trim()][0] ?? '?').toUpperCase()}
    </span>
  );
}

export function TraderCardView({ trader, onOpen }: { trader: Card; onOpen: () => void }) {
  const { t } = useTranslation();
  const { profit, coin } = useCopyFigures();
  return (
    <div
      role="button"
      tabIndex={0}
      className="ui-card ui-tap"
      onClick={onOpen}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onOpen()}
      data-testid="cp-trader"
      data-id={trader.trader_id}
      data-computed-at={trader.computed_at}
    >
      <div className="cp-trader-head">
        <TraderAvatar name={trader.name} src={trader.avatar} id={trader.trader_id} />
        <div className="cp-trader-who">
          <div className="cp-trader-name">
            <strong className="ellipsis" data-testid="cp-trader-name">
              {trader.name}
            </strong>
            <TraderTags trader={trader} />
          </div>
          <span className="cp-trader-intro cp-clamp-2">{trader.intro}</span>
        </div>
      </div>
      <div className="ui-main cp-trader-main">
        <div className="ui-big">
          <span className="ui-figure-label">{t('copytrade.return30d')}</span>
          <strong style={{ color: trendColor(trader.return_30d) }} data-testid="cp-return">
            {percentText(trader.return_30d)}
          </strong>
        </div>
        <Figure end label={`${t('copytrade.totalProfit')} (${coin})`} color={trendColor(trader.total_profit)} testId="cp-profit">
          {profit(trader.total_profit)}
        </Figure>
      </div>
      <div className="ui-grid">
        <Figure label={t('copytrade.accuracy')}>{percentText(trader.accuracy, { sign: false })}</Figure>
        <Figure label={t('copytrade.followers')} testId="cp-followers">
          {trader.followers}/{trader.max_followers}
        </Figure>
        <Figure label={t('copytrade.openPositions')} testId="cp-open">
          {trader.open_positions}
        </Figure>
        <Figure label={`${t('copytrade.yesterday')} (${coin})`} color={trendColor(trader.yesterday_profit)}>
          {profit(trader.yesterday_profit)}
        </Figure>
      </div>
      <span className="hint cp-trader-share">
        {t('copytrade.shareRate')} {percentText(trader.share_rate, { sign: false })}
        {' · '}
        {t('copytrade.closedTrades')} {trader.closed}
      </span>
    </div>
  );
}
