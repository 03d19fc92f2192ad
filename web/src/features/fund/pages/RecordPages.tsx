/** Deposit records, withdrawal records (with cancel), both in tabs, and the transfer history. */
import { Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FUNDS_EVENTS } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PagedList } from '../../../components/PagedList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { PAGE_LIMIT } from '../../../lib/constants';
import {
  useLazyGetDepositLogQuery,
  useLazyGetTransferHistoryQuery,
  useLazyGetWithdrawLogQuery,
  type DepositRecord,
  type TransferRecord,
  type WithdrawRecord,
} from '../api';
import { DepositItem, TransferItem, WithdrawItem } from '../components/RecordItems';
import { useLiveGeneration } from '../live';
import '../../../shared/funds/styles.css';

function DepositList() {
  const { t } = useTranslation();
  const [fetchLog] = useLazyGetDepositLogQuery();
  const fetchPage = useCallback((page: number) => fetchLog({ page, limit: PAGE_LIMIT }).unwrap(), [fetchLog]);
  // An admin's review shows on the open list.
  const generation = useLiveGeneration([FUNDS_EVENTS.deposit]);
  return (
    <PagedList<DepositRecord>
      resetKey={`deposits:${generation}`}
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      emptyTitle={t('fund.receive.noRecords')}
      renderItem={(r) => <DepositItem record={r} />}
    />
  );
}

function WithdrawList() {
  const { t } = useTranslation();
  const [fetchLog] = useLazyGetWithdrawLogQuery();
  const fetchPage = useCallback((page: number) => fetchLog({ page, limit: PAGE_LIMIT }).unwrap(), [fetchLog]);
  // Paid, rejected or cancelled elsewhere: shown on the open list.
  const generation = useLiveGeneration([FUNDS_EVENTS.withdrawal]);
  return (
    <PagedList<WithdrawRecord>
      resetKey={`withdrawals:${generation}`}
      fetchPage={fetchPage}
      itemKey={(r) => r.id}
      emptyTitle={t('fund.withdraw.noRecords')}
      renderItem={(r, update) => <WithdrawItem record={r} update={update} />}
    />
  );
}

export function ReceiveRecordPage() {
  const { t } = useTranslation();
  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <PageHeading title={t('fund.receive.records')} />
      <DepositList />
    </PageShell>
  );
}

export function WithdrawRecordPage() {
  const { t } = useTranslation();
  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <PageHeading title={t('fund.withdraw.records')} />
      <WithdrawList />
    </PageShell>
  );
}

export function DepositWithdrawRecordPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('deposits');
  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <PageHeading title={t('fund.records.title')} />
      <Tabs activeKey={tab} onChange={setTab} className="sticky-tabs funds-tabs">
        <Tabs.Tab key="deposits" title={t('fund.actions.deposit')} />
        <Tabs.Tab key="withdrawals" title={t('fund.actions.withdraw')} />
      </Tabs>
      {tab === 'deposits' ? <DepositList /> : <WithdrawList />}
    </PageShell>
  );
}

export function TransferHistoryPage() {
  const { t } = useTranslation();
  const [fetchLog] = useLazyGetTransferHistoryQuery();
  const fetchPage = useCallback((page: number) => fetchLog({ page, limit: PAGE_LIMIT }).unwrap(), [fetchLog]);
  return (
    <PageShell backTo={FUNDS_ROUTES.fundTransfer} className="funds">
      <PageHeading title={t('fund.transfer.history')} />
      <PagedList<TransferRecord>
        resetKey="transfers"
        fetchPage={fetchPage}
        itemKey={(r) => r.id}
        emptyTitle={t('fund.transfer.noHistory')}
        renderItem={(r) => <TransferItem record={r} />}
      />
    </PageShell>
  );
}
