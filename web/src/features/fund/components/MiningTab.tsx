/**
 * The mining tab of Assets: the principal locked in lock-up mining and the
 * income it paid, per coin (lh/deposit/summary), then the mining records
 * (lh/deposit/records, page after page, each reason translated). The calls
 * are in shared/lock (the lockming feature uses them too). The summary
 * follows the daily accruals live; the records start over when it changes.
 */
import { Button } from 'antd-mobile';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { CoinIcon } from '../../../components/CoinIcon';
import { PagedList } from '../../../components/PagedList';
import { QueryBlock } from '../../../components/QueryBlock';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatCoin, formatDateTime, signed, trendColor } from '../../../lib/format';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { useCoinOf, useCoinPlaces } from '../../../shared/funds/api';
import { useGetLockSummaryQuery, useLazyGetLockRecordsQuery, type LockRecord, type LockSummary } from '../../../shared/lock/api';
import { LOCK_ROUTES } from '../../../shared/lock/routes';
import { reasonKey } from '../logic';

function RecordRow({ record }: { record: LockRecord }) {
  const { t } = useTranslation();
  const places = useCoinPlaces()(record.currency);
  const key = reasonKey(record.reason);
  return (
    <div className="funds-record" data-testid="mining-record" data-reason={record.reason}>
      <div className="funds-record-main">
        <span className="funds-record-title ellipsis">
          <strong>{record.currency} · </strong>
          {key ? t(key) : record.reason}
        </span>
        <span className="funds-record-meta">
          <span className="funds-chip">{t(`fund.accounts.${record.account}`, { defaultValue: record.account })}</span>
          <time>{formatDateTime(record.created_at)}</time>
        </span>
      </div>
      <div className="funds-record-side">
        <span className="funds-record-amount" style={{ color: trendColor(record.amount) }}>
          {signed(formatCoin(record.amount, places))}
        </span>
        {record.order_id !== null ? <span className="funds-record-after ellipsis">{t('fund.mining.order', { id: record.order_id })}</span> : null}
      </div>
    </div>
  );
}

/** What the summary says, as a key: the records start over when it changes (an accrual, a maturity). */
function summaryKey(summary: LockSummary | undefined): string {
  return (summary?.coins ?? []).map((c) => `${c.currency}:${c.locked}:${c.accrued}:${c.open_orders}`).join('|');
}

export function MiningTab({ mask }: { mask: (text: string) => string }) {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const summary = useGetLockSummaryQuery({ token: token ?? '' }, { skip: !token, refetchOnMountOrArgChange: true });
  const places = useCoinPlaces();
  const coinOf = useCoinOf();
  const [fetchRecords] = useLazyGetLockRecordsQuery();
  const fetchPage = useCallback((page: number) => fetchRecords({ page, limit: PAGE_LIMIT }).unwrap(), [fetchRecords]);
  const coins = summary.data?.coins ?? [];

  return (
    <div data-testid="mining-tab">
      <QueryBlock
        isLoading={summary.isLoading}
        isError={summary.isError && !summary.data}
        onRetry={summary.refetch}
        empty={coins.length === 0}
        emptyTitle={t('fund.mining.empty')}
        emptyDescription={
          <Button size="small" color="primary" fill="outline" shape="rounded" className="funds-mining-go" onClick={() => navigate(LOCK_ROUTES.welcome)} data-testid="mining-to-lock">
            {t('fund.mining.toLock')}
          </Button>
        }
      >
        <ul className="funds-coin-list" data-testid="mining-list">
          {coins.map((c) => (
            <li key={c.currency}>
              <button type="button" className="funds-coin-row" onClick={() => navigate(LOCK_ROUTES.orders)} data-testid={`mining-${c.currency}`}>
                <span className="funds-coin-head">
                  <CoinIcon src={coinOf(c.currency)?.image} name={c.currency} />
                  <span className="funds-coin-name ellipsis">{c.currency}</span>
                  <span className="funds-coin-value ellipsis">{t('fund.mining.openOrders', { n: c.open_orders })}</span>
                </span>
                <span className="funds-coin-cols">
                  <span className="funds-col">
                    <span className="funds-col-label ellipsis">{t('fund.mining.locked')}</span>
                    <span className="funds-col-value" data-testid={`mining-${c.currency}-locked`}>
                      {mask(formatCoin(c.locked, places(c.currency)))}
                    </span>
                  </span>
                  <span className="funds-col">
                    <span className="funds-col-label ellipsis">{t('fund.mining.accrued')}</span>
                    <span className="funds-col-value" data-testid={`mining-${c.currency}-accrued`}>
                      {mask(formatCoin(c.accrued, places(c.currency)))}
                    </span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </QueryBlock>
      <h2 className="funds-mining-title">{t('fund.mining.records')}</h2>
      {/* After the summary, so that its first answer does not start the records over. */}
      {summary.isLoading ? null : (
        <PagedList<LockRecord>
          resetKey={`mining-${summaryKey(summary.data)}`}
          fetchPage={fetchPage}
          itemKey={(r) => r.id}
          emptyTitle={t('fund.mining.noRecords')}
          renderItem={(r) => <RecordRow record={r} />}
        />
      )}
    </div>
  );
}
