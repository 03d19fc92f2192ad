/**
 * The caller's NFTs (nft/mine, login needed): tabs My NFTs, Blind boxes, My
 * bids, To pay and Messages (with the count of unread ones), the tab in the
 * address (`?tab=`). The lists are in components/MineLists.tsx.
 */
import { Badge, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { useRealtime } from '../../../lib/socket';
import { NFT_ROUTES } from '../../../shared/nft/routes';
import { useGetMessagesQuery, useGetPaymentsQuery } from '../api';
import { MyBids, MyBoxes, MyMessages, MyNfts, MyPayments } from '../components/MineLists';
import { isMineTab, MINE_TABS, type MineTab } from '../logic';
import '../../../components/ui.css';
import '../nft.css';

function TabTitle({ tab }: { tab: MineTab }) {
  const { t } = useTranslation();
  const messages = useGetMessagesQuery({ limit: 1 }, { skip: tab !== 'messages' });
  const payments = useGetPaymentsQuery({ status: 0, limit: 1 }, { skip: tab !== 'pay' });
  const count = tab === 'messages' ? (messages.data?.unread ?? 0) : tab === 'pay' ? (payments.data?.total ?? 0) : 0;
  return (
    <span data-testid={`nft-mine-tab-${tab}`}>
      <Badge content={count > 0 ? String(count) : null} style={{ '--right': '-12px', '--top': '2px' }}>
        {t(`nft.mine.tabs.${tab}`)}
      </Badge>
    </span>
  );
}

export default function MinePage() {
  const { t } = useTranslation();
  useRealtime();
  const [params, setParams] = useSearchParams();
  const param = params.get('tab');
  const tab: MineTab = isMineTab(param) ? param : 'nfts';
  return (
    <PageShell backTo={NFT_ROUTES.market} className="ui-page nft-page">
      <div data-testid="nft-mine">
        <PageHeading title={t('nft.mine.title')} subtitle={t('nft.mine.subtitle')} />
        <Tabs activeKey={tab} onChange={(k) => isMineTab(k) && setParams(k === 'nfts' ? {} : { tab: k }, { replace: true })} className="ui-tabs nft-tabs">
          {MINE_TABS.map((k) => (
            <Tabs.Tab key={k} title={<TabTitle tab={k} />} />
          ))}
        </Tabs>
        <div className="ui-tab-body">
          {tab === 'nfts' ? <MyNfts /> : null}
          {tab === 'boxes' ? <MyBoxes /> : null}
          {tab === 'bids' ? <MyBids /> : null}
          {tab === 'pay' ? <MyPayments /> : null}
          {tab === 'messages' ? <MyMessages /> : null}
        </div>
      </div>
    </PageShell>
  );
}
