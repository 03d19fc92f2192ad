/** Invite friends: code, link, QR, invitation rules, my invitees and my rebates. */
import { Button, Collapse, Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useCoinPlaces } from '../../../shared/funds/api';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PagedList } from '../../../components/PagedList';
import { PageShell } from '../../../components/PageShell';
import { TextContent } from '../../../components/TextContent';
import { useGetSiteConfigQuery, useGetTextPageQuery, useGetUserInfoQuery } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { PAGE_LIMIT, ROUTES } from '../../../lib/constants';
import { formatCoin, formatDateTime, signed } from '../../../lib/format';
import { selectUser } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useLazyGetInviteListQuery, useLazyGetProfitListQuery, type Invitee, type Rebate } from '../api';
import { QrCode } from '../../../components/QrCode';

type ListTab = 'invites' | 'rebates';

/** The invite base may be a path ("/h5/#/…"): links that leave the device must be absolute. */
function absoluteUrl(link: string): string {
  return /^https?:\/\//i.test(link) ? link : new URL(link, window.location.origin).toString();
}

export default function SharePage() {
  const { t } = useTranslation();
  const places = useCoinPlaces();
  useGetUserInfoQuery();
  const user = useAppSelector(selectUser);
  const { data: site, isLoading: siteLoading } = useGetSiteConfigQuery();
  const { data: rules } = useGetTextPageQuery('invitenews');
  const [tab, setTab] = useState<ListTab>('invites');
  const [fetchInvites] = useLazyGetInviteListQuery();
  const [fetchRebates] = useLazyGetProfitListQuery();

  const code = user?.invite_code ?? '';
  const link = site && code ? absoluteUrl(`${site.invite_base}${code}`) : '';

  const copy = async (text: string) => {
    showToast((await copyText(text)) ? t('share.copied') : t('share.copyFailed'));
  };

  const fetchInvitePage = useCallback((page: number) => fetchInvites({ page, limit: PAGE_LIMIT }).unwrap(), [fetchInvites]);
  const fetchRebatePage = useCallback((page: number) => fetchRebates({ page, limit: PAGE_LIMIT }).unwrap(), [fetchRebates]);

  return (
    <PageShell backTo={ROUTES.setting}>
      <section className="invite-hero">
        <h1>{t('share.heroTitle')}</h1>
        <p>{t('share.heroText')}</p>
      </section>

      <section className="card invite-card" data-testid="invite-card">
        {siteLoading || !user ? (
          <LoadingBlock lines={4} />
        ) : (
          <>
            {link ? <QrCode className="invite-qr" testId="invite-qr" text={link} alt={t('share.qrAlt')} /> : null}
            <div className="invite-row">
              <span className="invite-label">{t('share.inviteCode')}</span>
              <span className="invite-code" data-testid="invite-code">
                {code}
              </span>
              <Button size="mini" color="primary" fill="outline" className="tap-44" onClick={() => copy(code)}>
                {t('share.copy')}
              </Button>
            </div>
            <div className="invite-row">
              <span className="invite-label">{t('share.inviteLink')}</span>
              <span className="invite-link" data-testid="invite-link">
                {link}
              </span>
              <Button size="mini" color="primary" fill="outline" className="tap-44" onClick={() => copy(link)} disabled={!link}>
                {t('share.copy')}
              </Button>
            </div>
          </>
        )}
      </section>

      {rules && (rules.title || rules.content) ? (
        <Collapse className="card rules">
          <Collapse.Panel key="rules" title={rules.title || t('share.rules')}>
            <TextContent text={rules.content} />
          </Collapse.Panel>
        </Collapse>
      ) : null}

      <Tabs activeKey={tab} onChange={(k) => setTab(k as ListTab)} className="sticky-tabs">
        <Tabs.Tab key="invites" title={t('share.myInvites')} />
        <Tabs.Tab key="rebates" title={t('share.myRebates')} />
      </Tabs>
      {tab === 'invites' ? (
        <PagedList<Invitee>
          resetKey="invites"
          fetchPage={fetchInvitePage}
          itemKey={(i) => i.id}
          emptyTitle={t('share.noInvites')}
          renderItem={(i) => (
            <div className="row-item">
              <span className="ellipsis">{i.account}</span>
              <time>{formatDateTime(i.created_at)}</time>
            </div>
          )}
        />
      ) : (
        <PagedList<Rebate>
          resetKey="rebates"
          fetchPage={fetchRebatePage}
          itemKey={(r) => r.id}
          emptyTitle={t('share.noRebates')}
          renderItem={(r) => (
            <div className="row-item">
              <span className="row-main">
                <span className="ellipsis">{r.from_account}</span>
                <time>{formatDateTime(r.created_at)}</time>
              </span>
              <span className="row-amount up">
                {signed(formatCoin(r.amount, places(r.currency)))} {r.currency}
              </span>
            </div>
          )}
        />
      )}
    </PageShell>
  );
}
