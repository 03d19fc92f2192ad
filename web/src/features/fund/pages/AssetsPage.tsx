/**
 * Assets tab (login required): the total in USDT and in the chosen fiat, the
 * quick actions, the split of the assets over the tabs (adding up to the
 * total), and one tab per account a user can hold money in (crypto and stock
 * split the spot account by kind; token sales, dual investment and NFT
 * deposits too) with each coin's available, frozen and value. A coin opens
 * its balance and ledger in that account. The mining tab shows what is locked
 * in lock-up mining (per coin, with the income paid) and the mining records.
 */
import { Checkbox, Tabs } from 'antd-mobile';
import { BillOutline, EyeInvisibleOutline, EyeOutline, HandPayCircleOutline, LoopOutline, ReceivePaymentOutline } from 'antd-mobile-icons';
import { SwapIcon } from '../components/SwapIcons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCoinPlaces, useGetWalletListQuery } from '../../../shared/funds/api';
import { useFiat } from '../../../shared/funds/fiat';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES, selectRoute } from '../../../shared/funds/routes';
import { TabHeader } from '../../../components/TabHeader';
import { DEFAULT_PRECISION } from '../../../lib/constants';
import { formatCoin, formatFiat } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { CoinRow } from '../components/CoinRow';
import { MiningTab } from '../components/MiningTab';
import { assetTabs, balancesForTab, splitByTab, tabOf, tabTotal, visibleBalances } from '../logic';
import { readHideSmall, writeHideSmall } from '../prefs';
import '../../../shared/funds/styles.css';

const AssetSplit = lazy(() => import('../components/AssetSplit'));
const splitReserve = <div className="funds-split-reserve card" aria-hidden="true" aria-busy="true" />;

const HIDDEN = '******';

export default function AssetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fiat = useFiat();
  const [params, setParams] = useSearchParams();
  const [hidden, setHidden] = useState(false);
  const [hideSmall, setHideSmall] = useState(readHideSmall);
  // Balances move with every fill and review: fresh on each visit, and
  // refetched while shown when the server says they moved (an admin's review,
  // a yield), over the live connection this screen keeps open.
  useRealtime();
  const wallet = useGetWalletListQuery(undefined, { refetchOnMountOrArgChange: true });
  const tabs = assetTabs(wallet.data);
  const tab = tabOf(params.get('tab') ?? 'crypto', wallet.data).key;
  const mining = tab === 'mining';

  const rows = balancesForTab(wallet.data, tab);
  const shown = visibleBalances(rows, hideSmall);
  const account = tabOf(tab, wallet.data).account;
  const total = wallet.data?.total_usdt ?? '0';
  const mask = (text: string) => (hidden ? HIDDEN : text);
  const places = useCoinPlaces();
  // Values are in USDT: its precision, the spec's default while the coin list loads.
  const usdt = places('USDT') ?? DEFAULT_PRECISION;

  const toggleSmall = (value: boolean) => {
    setHideSmall(value);
    writeHideSmall(value);
  };

  const actions = [
    { key: 'deposit', icon: <ReceivePaymentOutline />, to: selectRoute('recharge') },
    { key: 'withdraw', icon: <HandPayCircleOutline />, to: selectRoute('withdraw') },
    { key: 'transfer', icon: <SwapIcon />, to: FUNDS_ROUTES.fundTransfer },
    { key: 'convert', icon: <LoopOutline />, to: FUNDS_ROUTES.convert },
  ];

  return (
    <div className="tab-page funds" data-testid="assets-page">
      <TabHeader
        title={t('tabs.assets')}
        right={
          <button
            type="button"
            className="icon-button"
            onClick={() => navigate(FUNDS_ROUTES.assetsAllRecord)}
            aria-label={t('fund.records.all')}
            data-testid="assets-all-records"
          >
            <BillOutline fontSize={22} />
          </button>
        }
      />
      <section className="asset-card funds-total-card">
        <div className="asset-label">
          <span className="ellipsis">{t('fund.assets.totalUsdt')}</span>
          <button type="button" className="icon-button small" onClick={() => setHidden((h) => !h)} aria-label={t('home.toggleAmount')}>
            {hidden ? <EyeInvisibleOutline /> : <EyeOutline />}
          </button>
        </div>
        {/* The figures carry their test ids only once the wallet answered, so a reader never sees "--". */}
        <div className="asset-value" data-testid={wallet.data ? 'assets-total-usdt' : undefined} data-value={wallet.data?.total_usdt}>
          {wallet.data ? mask(formatCoin(total, usdt)) : '--'}
          <span className="funds-total-unit">USDT</span>
        </div>
        <div className="funds-total-fiat" data-testid={wallet.data ? 'assets-total' : undefined}>
          ≈ {wallet.data ? mask(`${formatFiat(total, fiat)} ${fiat.currency_code}`) : '--'}
        </div>
        <div className="funds-actions">
          {actions.map((a) => (
            <button type="button" key={a.key} className="funds-action" onClick={() => navigate(a.to)} data-testid={`assets-${a.key}`}>
              <span className="funds-action-icon">{a.icon}</span>
              <span className="funds-action-label">{t(`fund.actions.${a.key}`)}</span>
            </button>
          ))}
        </div>
      </section>

      {/* The split's place is kept while the wallet and the chart load, so the tabs do not move down when it arrives. */}
      {hidden ? null : wallet.data ? (
        <Suspense fallback={splitReserve}>
          <AssetSplit parts={splitByTab(wallet.data)} />
        </Suspense>
      ) : wallet.isLoading ? (
        splitReserve
      ) : null}

      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        className="funds-tabs"
        data-testid="assets-tabs"
      >
        {tabs.map((x) => (
          <Tabs.Tab key={x.key} title={<span data-testid={`assets-tab-${x.key}`}>{t(x.label)}</span>} />
        ))}
      </Tabs>

      <div className="funds-tab-bar">
        <span className="funds-tab-total" data-testid="assets-tab-total">
          {t('fund.assets.accountValue')} ≈ {wallet.data ? mask(formatCoin(tabTotal(rows), usdt)) : '--'} USDT
        </span>
        {mining ? null : (
          <Checkbox checked={hideSmall} onChange={toggleSmall} className="funds-hide-small" data-testid="assets-hide-small">
            {t('fund.assets.hideSmall')}
          </Checkbox>
        )}
      </div>

      {mining ? (
        <MiningTab mask={mask} />
      ) : (
        <QueryBlock
          isLoading={wallet.isLoading}
          isError={wallet.isError && !wallet.data}
          onRetry={wallet.refetch}
          empty={shown.length === 0}
          emptyTitle={hideSmall && rows.length > 0 ? t('fund.assets.allSmall') : t('fund.assets.empty')}
        >
          <ul className="funds-coin-list" data-testid="assets-list">
            {shown.map((row) => (
              <li key={row.currency_id}>
                <CoinRow
                  image={row.image}
                  name={row.name}
                  value={`≈ ${mask(formatCoin(row.value_usdt, usdt))} USDT`}
                  onOpen={() => navigate(`${FUNDS_ROUTES.assetsRecord}?currency=${row.currency_id}&type=${account}`)}
                  testId={`asset-${row.name}`}
                  columns={[
                    { label: t('fund.available'), value: mask(formatCoin(row.available, places(row.currency_id))), testId: `asset-${row.name}-available` },
                    { label: t('fund.frozen'), value: mask(formatCoin(row.frozen, places(row.currency_id))) },
                  ]}
                />
              </li>
            ))}
          </ul>
        </QueryBlock>
      )}
    </div>
  );
}
