/**
 * A searchable list of the coins of the coin list, each with its icon (and,
 * for deposits and withdrawals, its networks); tapping one calls `onPick`.
 * The coin choice of a deposit or a withdrawal, and what a page asking for a
 * coin shows when it was opened without one.
 */
import { SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFundCurrenciesQuery, type Coin } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { QueryBlock } from '../../../components/QueryBlock';
import '../../../shared/funds/styles.css';

interface Props {
  onPick: (coin: Coin) => void;
  /** The coins that fit besides being listed (e.g. those that travel on a network). */
  fits?: (coin: Coin) => boolean;
  /** Show each coin's deposit networks. */
  networks?: boolean;
  /** Prefix of the test ids: `${prefix}-list` and `${prefix}-${coin}`. */
  testPrefix?: string;
}

export function CoinPicker({ onPick, fits, networks = false, testPrefix = 'pick' }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const coins = useGetFundCurrenciesQuery();

  const offered = (coins.data ?? []).filter((c) => c.status === 1 && (!fits || fits(c)));
  const term = search.trim().toLowerCase();
  const list = offered.filter((c) => !term || c.name.toLowerCase().includes(term) || c.subName.toLowerCase().includes(term));

  return (
    <div data-testid="coin-picker">
      <div className="search-wrap">
        <SearchBar placeholder={t('fund.select.search')} value={search} onChange={setSearch} />
      </div>
      <QueryBlock
        isLoading={coins.isLoading}
        isError={coins.isError && !coins.data}
        onRetry={coins.refetch}
        empty={list.length === 0}
        // Nothing to offer at all reads differently from a search that finds nothing.
        emptyTitle={t(offered.length === 0 ? 'fund.picker.empty' : 'fund.select.none')}
      >
        <ul className="funds-pick-list" data-testid={`${testPrefix}-list`}>
          {list.map((c) => (
            <li key={c.id}>
              <button type="button" className="funds-pick" onClick={() => onPick(c)} data-testid={`${testPrefix}-${c.name}`}>
                <CoinIcon src={c.image} name={c.name} size={36} />
                <span className="funds-pick-text">
                  <strong>{c.name}</strong>
                  <span className="ellipsis">{c.subName}</span>
                </span>
                {networks ? (
                  <span className="funds-pick-networks">
                    {c.networks.map((n) => (
                      <span key={n} className="funds-chip">
                        {n}
                      </span>
                    ))}
                  </span>
                ) : null}
                <RightOutline className="notice-arrow" />
              </button>
            </li>
          ))}
        </ul>
      </QueryBlock>
    </div>
  );
}
