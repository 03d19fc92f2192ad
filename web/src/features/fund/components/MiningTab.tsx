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
import { PagedList } from '../../../components/PagedList';
import { QueryBlock } from '../../../components/QueryBlock';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatCoin } from '../../../lib/format';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { useCoinOf, useCoinPlaces } from '../../../shared/funds/api';
import { useGetLockSummaryQuery, useLazyGetLockRecordsQuery, type LockRecord, type LockSummary } from '../../../shared/lock/api';
import { LOCK_ROUTES } from '../../../shared/lock/routes';
import { CoinRow } from './CoinRow';
import { RecordView } from './LedgerRow';

function RecordRow({ record }: { record: LockRecord }) {
  const { t } = useTranslation();
  const places = useCoinPlaces()(record.currency);
  return (
    <RecordView
      testId="mining-record"
      reason={record.reason}
      coin={record.currency}
      account={record.account}
      at={record.created_at}
      amount={record.amount}
      places={places}
      after={record.order_id !== null ? <span className="funds-record-after ellipsis">{t('fund.mining.order', { id: record.order_id })}</span> : null}
    />
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
              <CoinRow
                image={coinOf(c.currency)?.image}
                name={c.currency}
                value={t('fund.mining.openOrders', { n: c.open_orders })}
                onOpen={() => navigate(LOCK_ROUTES.orders)}
                testId={`mining-${c.currency}`}
                columns={[
                  { label: t('fund.mining.locked'), value: mask(formatCoin(c.locked, places(c.currency))), testId: `mining-${c.currency}-locked` },
                  { label: t('fund.mining.accrued'), value: mask(formatCoin(c.accrued, places(c.currency))), testId: `mining-${c.currency}-accrued` },
                ]}
              />
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
