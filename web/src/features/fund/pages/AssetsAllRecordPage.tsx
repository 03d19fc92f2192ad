/** Every ledger record of the user (the "bills"), filtered by any account a user can hold money in. */
import { Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PagedList } from '../../../components/PagedList';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { PAGE_LIMIT } from '../../../lib/constants';
import { FUNDS_EVENTS } from '../../../shared/funds/api';
import { useLazyGetLedgerQuery, type LedgerRecord } from '../api';
import { LedgerRow } from '../components/LedgerRow';
import { useLiveGeneration } from '../live';
import { HOLDING_ACCOUNTS } from '../logic';
import '../../../shared/funds/styles.css';

export default function AssetsAllRecordPage() {
  const { t } = useTranslation();
  const [account, setAccount] = useState('all');
  const [fetchLedger] = useLazyGetLedgerQuery();
  const type = account === 'all' ? undefined : Number(account);
  // A new record is a balance moved: the list starts again when one is told.
  const generation = useLiveGeneration([FUNDS_EVENTS.balance]);

  const fetchPage = useCallback((page: number) => fetchLedger({ page, limit: PAGE_LIMIT, type }).unwrap(), [fetchLedger, type]);

  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <PageHeading title={t('fund.records.all')} />
      <Tabs activeKey={account} onChange={setAccount} className="sticky-tabs funds-tabs">
        <Tabs.Tab key="all" title={t('fund.records.allAccounts')} />
        {HOLDING_ACCOUNTS.map((a) => (
          <Tabs.Tab key={String(a.id)} title={<span data-testid={`records-tab-${a.name}`}>{t(`fund.accounts.${a.name}`)}</span>} />
        ))}
      </Tabs>
      <PagedList<LedgerRecord>
        resetKey={`${account}:${generation}`}
        fetchPage={fetchPage}
        itemKey={(r) => r.id}
        emptyTitle={t('fund.records.empty')}
        renderItem={(r) => <LedgerRow record={r} showCoin />}
      />
    </PageShell>
  );
}
