/** The list of markets: pair and 24 h volume (compact, in the base coin), last price (flashing on change), 24 h change pill. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePill } from '../../../shared/market/ChangePill';
import { CoinIcon } from '../../../components/CoinIcon';
import type { MarketRow } from '../../../shared/market/api';
import { compareDecimal, formatCompact, formatPrice, splitSymbol } from '../../../lib/format';

/** 'up' or 'down' for a moment after the value moved. */
function usePriceFlash(price: string): 'up' | 'down' | null {
  const previous = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const cmp = compareDecimal(price, previous.current);
    previous.current = price;
    if (!cmp) return;
    setFlash(cmp > 0 ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), 700);
    return () => clearTimeout(timer);
  }, [price]);
  return flash;
}

function Row({ row, onOpen }: { row: MarketRow; onOpen: (row: MarketRow) => void }) {
  const { t } = useTranslation();
  const { base, quote } = splitSymbol(row.symbol);
  const flash = usePriceFlash(row.now_price);
  return (
    <button
      type="button"
      className="market-row"
      onClick={() => onOpen(row)}
      data-testid="market-row"
      data-symbol={row.symbol}
    >
      <span className="market-row-pair">
        <CoinIcon src={row.logo} name={base} />
        <span className="market-row-names">
          <span className="market-row-symbol ellipsis">
            <b>{base}</b>
            <small>/{quote}</small>
          </span>
          <span className="market-row-vol ellipsis">
            {t('market.vol', { coin: base })} {formatCompact(row.volume)}
          </span>
        </span>
      </span>
      <span className={`market-row-price ${flash ? `flash-${flash}` : ''}`} data-testid="market-price" data-live>
        {formatPrice(row.now_price, row.tick)}
      </span>
      <span className="market-row-change">
        <ChangePill change={row.change} />
      </span>
    </button>
  );
}

export function MarketList({ rows, onOpen }: { rows: MarketRow[]; onOpen: (row: MarketRow) => void }) {
  const { t } = useTranslation();
  return (
    <div className="market-list" data-testid="market-list">
      <div className="market-list-head">
        <span className="ellipsis">{t('market.colPair')}</span>
        <span className="ellipsis">{t('market.colPrice')}</span>
        <span className="ellipsis">{t('market.colChange')}</span>
      </div>
      {rows.map((row) => (
        <Row key={row.match_id} row={row} onOpen={onOpen} />
      ))}
    </div>
  );
}
