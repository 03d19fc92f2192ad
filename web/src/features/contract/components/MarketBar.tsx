/** The market picker and live price at the top of the contract and options screens. */
import { List, Popup } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatChange, formatPrice, trendColor } from '../../../lib/format';
import type { MarketRow } from '../api';

interface Props {
  markets: MarketRow[];
  current: MarketRow;
  onPick: (row: MarketRow) => void;
}

export function MarketBar({ markets, current, onPick }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="ct-market">
      <button type="button" className="ct-market-pick" data-testid="ct-market-pick" onClick={() => setOpen(true)}>
        <span className="ellipsis">{current.symbol}</span>
        <DownFill fontSize={12} />
      </button>
      <div className="ct-market-price" data-live>
        <strong style={{ color: trendColor(current.change) }} data-testid="ct-live-price">
          {formatPrice(current.now_price, current.tick)}
        </strong>
        <span style={{ color: trendColor(current.change) }}>{formatChange(current.change)}</span>
      </div>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyStyle={{ borderRadius: '14px 14px 0 0', maxHeight: '70vh', overflowY: 'auto' }}>
        <List header={t('contract.pickMarket')} className="ct-market-list">
          {markets.map((m) => (
            <List.Item
              key={m.match_id}
              onClick={() => {
                onPick(m);
                setOpen(false);
              }}
              extra={
                <span style={{ color: trendColor(m.change) }}>
                  {formatPrice(m.now_price, m.tick)} · {formatChange(m.change)}
                </span>
              }
            >
              {m.symbol}
            </List.Item>
          ))}
        </List>
      </Popup>
    </div>
  );
}
