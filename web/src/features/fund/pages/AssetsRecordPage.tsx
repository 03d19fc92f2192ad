/**
 * One coin in one account: its available, frozen and value, the actions that
 * fit it, and its ledger records page by page.
 */
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCoinPlaces, useGetFundCurrenciesQuery } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PagedList } from '../../../components/PagedList';
import { PageShell } from '../../../components/PageShell';
import { DEFAULT_PRECISION, PAGE_LIMIT } from '../../../lib/constants';
import { coinPlaces, formatCoin } from '../../../lib/format';
import { useRealtime } from '../../../lib/socket';
import { useGetCoinBalanceQuery, useLazyGetLedgerQuery, type LedgerRecord } from '../api';
import { CoinChoice } from '../components/CoinChoice';
import { LedgerRow } from '../components/LedgerRow';
import { accountNameOf, coinView, isAccountId, isHoldingAccount } from '../logic';
import '../../../shared/funds/styles.css';

export default function AssetsRecordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const coins = useGetFundCurrenciesQuery();
  const view = coinView(params, coins.data);
  if (view.page) return <CoinRecords />;
  const typeParam = Number(params.get('type') ?? 2);
  const account = isHoldingAccount(typeParam) ? { id: typeParam, name: accountNameOf(typeParam) } : { id: 2, name: 'change' };
  return (
    <CoinChoice
      notFound={view.notFound}
      title={t('fund.picker.recordsTitle')}
      subtitle={t('fund.picker.recordsSubtitle', { account: t(`fund.accounts.${account.name}`) })}
      backTo={FUNDS_ROUTES.assets}
      to={(c) => `${FUNDS_ROUTES.assetsRecord}?currency=${c.id}&type=${account.id}`}
    />
  );
}

function CoinRecords() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = Number(params.get('currency'));
  const typeParam = Number(params.get('type') ?? 2);
  const type = isHoldingAccount(typeParam) ? typeParam : 2;
  const valid = Number.isInteger(currency) && currency > 0;
  // Nothing is asked about the coin until the coin list says it exists (or
  // could not be loaded): a coin that does not exist gets the coin choice.
  const coins = useGetFundCurrenciesQuery();
  const listed = coins.data !== undefined || coins.isError;
  // The balance is refetched when the server says it moved, and the records
  // below start again with each answer (their resetKey).
  useRealtime();
  const detail = useGetCoinBalanceQuery({ currency, type }, { skip: !valid || !listed, refetchOnMountOrArgChange: true });
  const [fetchLedger] = useLazyGetLedgerQuery();
  const accountName = accountNameOf(type);
  const usdt = useCoinPlaces()('USDT') ?? DEFAULT_PRECISION;

  const fetchPage = useCallback(
    (page: number) => fetchLedger({ page, limit: PAGE_LIMIT, currency, type }).unwrap(),
    [fetchLedger, currency, type],
  );

  const coin = detail.data;
  const canMove = coin && coin.kind === 'coin' && coin.networks.length > 0 && type === 2;

  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <QueryBlock isLoading={!listed || detail.isLoading} isError={!valid || (detail.isError && !coin)} onRetry={detail.refetch} lines={3}>
        {coin ? (
          <section className="card funds-coin-card" data-testid="coin-detail">
            <div className="funds-coin-title">
              <CoinIcon src={coin.image} name={coin.name} size={40} />
              <div className="funds-coin-title-text">
                <h1>{coin.name}</h1>
                <span className="ellipsis">{coin.subName}</span>
              </div>
              <span className="funds-chip">{t(`fund.accounts.${accountName}`)}</span>
            </div>
            <div className="funds-coin-figures">
              <div>
                <span className="funds-col-label">{t('fund.available')}</span>
                <strong data-testid="coin-available">{formatCoin(coin.available, coinPlaces(coin))}</strong>
              </div>
              <div>
                <span className="funds-col-label">{t('fund.frozen')}</span>
                <strong>{formatCoin(coin.frozen, coinPlaces(coin))}</strong>
              </div>
              <div>
                <span className="funds-col-label">{t('fund.valueUsdt')}</span>
                <strong>{formatCoin(coin.value_usdt, usdt)}</strong>
              </div>
            </div>
            <div className="funds-button-row">
              {canMove ? (
                <>
                  <Button size="small" color="primary" shape="rounded" onClick={() => navigate(`${FUNDS_ROUTES.receive}?currency=${coin.id}`)}>
                    {t('fund.actions.deposit')}
                  </Button>
                  <Button size="small" shape="rounded" onClick={() => navigate(`${FUNDS_ROUTES.withdraw}?currency=${coin.id}`)}>
                    {t('fund.actions.withdraw')}
                  </Button>
                </>
              ) : null}
              {/* Money leaves a product's account through the product (redeem, settle), not a transfer. */}
              {isAccountId(type) ? (
                <Button
                  size="small"
                  shape="rounded"
                  onClick={() => navigate(`${FUNDS_ROUTES.fundTransfer}?currency=${coin.id}&from=${type}`)}
                >
                  {t('fund.actions.transfer')}
                </Button>
              ) : null}
            </div>
          </section>
        ) : null}
      </QueryBlock>
      <h2 className="section-title">{t('fund.records.title')}</h2>
      {valid && listed ? (
        <PagedList<LedgerRecord>
          resetKey={`${currency}-${type}-${detail.fulfilledTimeStamp ?? 0}`}
          fetchPage={fetchPage}
          itemKey={(r) => r.id}
          emptyTitle={t('fund.records.empty')}
          renderItem={(r) => <LedgerRow record={r} />}
        />
      ) : null}
    </PageShell>
  );
}
