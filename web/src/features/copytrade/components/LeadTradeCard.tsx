/** One of a trader's positions on their page: open now, or closed with its profit. */
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Line } from '../../../components/Figures';
import { formatDateTime, trendColor } from '../../../lib/format';
import type { LeadTrade } from '../api';
import { useCopyFigures } from '../figures';

export function DirectionTag({ type, multiple }: { type: number; multiple: number }) {
  const { t } = useTranslation();
  const long = type === 1;
  return (
    <Tag color={long ? 'success' : 'danger'} fill="outline">
      {long ? t('copytrade.long') : t('copytrade.short')} {multiple}×
    </Tag>
  );
}

export function LeadTradeCard({ trade }: { trade: LeadTrade }) {
  const { t } = useTranslation();
  const { price, profit, coin } = useCopyFigures();
  const closed = trade.status === 3;
  return (
    <div className="ui-card cp-item" data-testid={closed ? 'cp-lead-closed' : 'cp-lead-open'} data-id={trade.id}>
      <div className="cp-item-head">
        <strong className="ellipsis">{trade.symbol}</strong>
        <DirectionTag type={trade.type} multiple={trade.multiple} />
        {closed ? (
          <span className="cp-item-profit" style={{ color: trendColor(trade.profit) }}>
            {profit(trade.profit)} {coin}
          </span>
        ) : null}
      </div>
      <Line label={t('copytrade.lots')}>{trade.share}</Line>
      <Line label={t('copytrade.openPrice')}>{price(trade.symbol, trade.open_price)}</Line>
      {closed ? <Line label={t('copytrade.closePrice')}>{price(trade.symbol, trade.close_price)}</Line> : null}
      <Line label={t('copytrade.copies')}>{trade.copies}</Line>
      <Line label={closed ? t('copytrade.closedAt') : t('copytrade.openedAt')}>
        {formatDateTime(closed ? trade.closed_at : trade.opened_at)}
      </Line>
    </div>
  );
}
