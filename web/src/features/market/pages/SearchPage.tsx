/**
 * Market search: filter by symbol or coin name, hot searches (the day's biggest
 * movers) and recent views kept on the device; a tap opens the market detail.
 */
import { SearchBar } from 'antd-mobile';
import { DeleteOutline, FireFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ChangePill } from '../../../shared/market/ChangePill';
import { useGetQuotationsQuery, type MarketRow } from '../../../shared/market/api';
import { clearRecent, readRecent, rememberView } from '../../../shared/market/recent';
import { detailRoute, MARKET_ROUTES } from '../../../shared/market/routes';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { formatPrice, splitSymbol } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { MarketList } from '../components/MarketList';
import { hotMovers, searchRows } from '../logic';
import '../../../shared/market/styles.css';

export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<string[]>(() => readRecent());
  const { data, isLoading, refetch } = useGetQuotationsQuery();
  useRealtime();

  const results = useMemo(() => (data ? searchRows(data, query) : []), [data, query]);
  const hot = useMemo(() => (data ? hotMovers(data) : []), [data]);
  const recentRows = useMemo(
    () => recent.map((s) => data?.find((r) => r.symbol === s)).filter((r): r is MarketRow => !!r),
    [data, recent],
  );

  const open = (row: MarketRow) => {
    rememberView(row.symbol);
    navigate(detailRoute(row.symbol));
  };

  let body;
  if (isLoading) body = <LoadingBlock lines={6} />;
  else if (!data) body = <ErrorState onRetry={refetch} />;
  else if (query.trim()) {
    body = results.length ? (
      <MarketList rows={results} onOpen={open} />
    ) : (
      <EmptyState title={t('market.noResults')} description={t('market.noResultsHint')} />
    );
  } else {
    body = (
      <>
        {recentRows.length > 0 ? (
          <section className="market-section" data-testid="search-recent">
            <div className="market-section-head">
              <h2>{t('market.recent')}</h2>
              <button
                type="button"
                className="icon-button small"
                aria-label={t('market.clearRecent')}
                onClick={() => {
                  clearRecent();
                  setRecent([]);
                }}
              >
                <DeleteOutline />
              </button>
            </div>
            <div className="market-chips">
              {recentRows.map((row) => (
                <button type="button" key={row.symbol} className="market-chip" onClick={() => open(row)}>
                  {row.symbol}
                </button>
              ))}
            </div>
          </section>
        ) : null}
        <section className="market-section" data-testid="search-hot">
          <div className="market-section-head">
            <h2>
              <FireFill className="market-hot-icon" /> {t('market.hot')}
            </h2>
          </div>
          <ol className="market-hot-list">
            {hot.map((row, i) => {
              const { base, quote } = splitSymbol(row.symbol);
              return (
                <li key={row.match_id}>
                  <button type="button" onClick={() => open(row)} data-testid="hot-row" data-symbol={row.symbol}>
                    <span className={`market-hot-rank ${i < 3 ? 'top' : ''}`}>{i + 1}</span>
                    <span className="market-row-symbol ellipsis">
                      <b>{base}</b>
                      <small>/{quote}</small>
                    </span>
                    <span className="market-hot-price">{formatPrice(row.now_price, row.tick)}</span>
                    <ChangePill change={row.change} size="small" />
                  </button>
                </li>
              );
            })}
          </ol>
        </section>
      </>
    );
  }

  return (
    <PageShell backTo={MARKET_ROUTES.market} className="market-search-page">
      <div className="market-search-bar">
        <SearchBar
          value={query}
          onChange={setQuery}
          placeholder={t('market.searchPlaceholder')}
          autoFocus
          data-testid="market-search-input"
        />
      </div>
      {body}
    </PageShell>
  );
}
