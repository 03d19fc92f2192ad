/**
 * The admin's review desk (only for accounts with role "admin"; the server
 * refuses everyone else anyway): deposit, withdrawal and verification queues,
 * lead-trader applications, the accounts, the ledger audit, the platform deposit addresses, lock-up
 * mining's products and yield reserves, the NFT marketplace (media, new items, the resale review,
 * live auctions), and the actors' health.
 */
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { useGetUserInfoQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { selectUser } from '../../../lib/session';
import { QueuePanel } from '../components/QueuePanel';
import { EarnPanel } from '../components/EarnPanel';
import { HealthPanel } from '../components/HealthPanel';
import { NftPanel } from '../components/NftPanel';
import { LeadTradersPanel } from '../components/LeadTradersPanel';
import { AddressesPanel, AuditPanel } from '../components/SystemPanels';
import { UsersPanel } from '../components/UsersPanel';
import '../../../shared/funds/styles.css';

const TABS = ['deposits', 'withdrawals', 'verifications', 'traders', 'users', 'earn', 'nft', 'audit', 'addresses', 'health'] as const;
type Tab = (typeof TABS)[number];

export default function AdminPage() {
  const { t } = useTranslation();
  useGetUserInfoQuery();
  const user = useAppSelector(selectUser);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as Tab) : 'deposits';

  if (user && user.role !== 'admin') {
    return (
      <PageShell backTo={ROUTES.setting}>
        <EmptyState title={t('admin.forbidden')} description={t('admin.forbiddenHint')} />
      </PageShell>
    );
  }

  return (
    <PageShell backTo={ROUTES.setting} className="funds admin">
      <PageHeading title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} className="sticky-tabs funds-tabs">
        {TABS.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`admin-tab-${k}`}>{t(`admin.tabs.${k}`)}</span>} />
        ))}
      </Tabs>
      {tab === 'deposits' || tab === 'withdrawals' || tab === 'verifications' ? <QueuePanel key={tab} kind={tab} /> : null}
      {tab === 'traders' ? <LeadTradersPanel /> : null}
      {tab === 'users' ? <UsersPanel /> : null}
      {tab === 'earn' ? <EarnPanel /> : null}
      {tab === 'nft' ? <NftPanel /> : null}
      {tab === 'audit' ? <AuditPanel /> : null}
      {tab === 'addresses' ? <AddressesPanel /> : null}
      {tab === 'health' ? <HealthPanel /> : null}
    </PageShell>
  );
}
