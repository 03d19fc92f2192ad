/**
 * Artists and their royalties, in the admin's NFT panel: per artist the user
 * their resale royalties are paid to (in the sale) or "not linked", and what
 * an unlinked artist accrued and has not been paid. Linking (a sheet with
 * LinkForm) pays that accrual to the user once; unlinking (confirmed) holds
 * later royalties for the artist again. To move an artist to another user,
 * unlink first: the server refuses a link over another.
 */
import { Button, Dialog, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { formatDecimal } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { StatusTag } from '../../../shared/funds/StatusTag';
import { useGetNftRoyaltiesQuery, useUnlinkNftArtistMutation } from '../api';
import { isLinked, owed, type AdminArtistRoyalties } from '../royalties';
import { LinkForm } from './NftForms';

function ArtistCard({ artist: a, onLink }: { artist: AdminArtistRoyalties; onLink: () => void }) {
  const { t } = useTranslation();
  const [unlink, { isLoading }] = useUnlinkNftArtistMutation();
  const linked = isLinked(a);
  const unpaid = owed(a);
  const onUnlink = async () => {
    const ok = await Dialog.confirm({
      content: <span data-testid="admin-nft-unlink-confirm">{t('admin.nft.royalties.unlinkConfirm', { name: a.name })}</span>,
      confirmText: t('admin.nft.royalties.unlink'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await unlink({ artist_id: a.id }).unwrap();
      showToast(t('admin.nft.royalties.unlinked', { name: a.name }), 'success');
    } catch {
      // Told by the admin fetch.
    }
  };
  return (
    <article className="funds-item nft-admin-listing" data-testid="admin-nft-artist-royalties" data-id={a.id}>
      <header className="funds-item-head">
        <img className="nft-admin-thumb" src={a.avatar} alt="" />
        <strong className="ellipsis">{a.name}</strong>
        <StatusTag tone={linked ? 'success' : 'pending'}>{t(linked ? 'admin.nft.royalties.linked' : 'admin.nft.royalties.notLinked')}</StatusTag>
      </header>
      <div className="earn-meta">
        <span className="earn-muted">#{a.id}</span>
        {linked ? (
          <span className="earn-badge" data-testid="admin-nft-artist-user">
            {t('admin.nft.royalties.linkedTo', { id: a.user_id })}
            {a.user_account ? ` · ${a.user_account}` : ''}
          </span>
        ) : null}
      </div>
      <div className="earn-figures">
        <div className="earn-figure">
          <span>{t('admin.nft.royalties.unpaid')}</span>
          <strong data-testid="admin-nft-artist-unpaid">
            {unpaid.length ? unpaid.map((u) => <span key={u.currency} className="nft-admin-amount">{`${formatDecimal(u.amount)} ${u.currency_name}`}</span>) : t('admin.nft.royalties.nothingUnpaid')}
          </strong>
        </div>
      </div>
      <div className="funds-item-actions">
        {linked ? (
          <Button size="small" shape="rounded" color="danger" fill="outline" loading={isLoading} onClick={() => void onUnlink()} data-testid="admin-nft-unlink">
            {t('admin.nft.royalties.unlink')}
          </Button>
        ) : (
          <Button size="small" shape="rounded" color="primary" onClick={onLink} data-testid="admin-nft-link">
            {t('admin.nft.royalties.link')}
          </Button>
        )}
      </div>
    </article>
  );
}

export function ArtistRoyalties() {
  const { t } = useTranslation();
  const list = useGetNftRoyaltiesQuery(undefined, { refetchOnMountOrArgChange: true });
  const rows = list.data?.data ?? [];
  const [linking, setLinking] = useState<AdminArtistRoyalties | null>(null);
  const close = () => setLinking(null);
  return (
    <section className="earn-section" data-testid="admin-nft-royalties">
      <header className="earn-section-head">
        <h3 className="admin-subtitle">{t('admin.nft.royalties.title')}</h3>
      </header>
      <p className="hint earn-hint">{t('admin.nft.royalties.hint')}</p>
      <QueryBlock isLoading={list.isLoading} isError={list.isError && !list.data} onRetry={list.refetch} empty={rows.length === 0} emptyTitle={t('admin.nft.royalties.empty')} lines={2}>
        {rows.map((a) => (
          <ArtistCard key={a.id} artist={a} onLink={() => setLinking(a)} />
        ))}
      </QueryBlock>
      <Popup visible={linking !== null} onMaskClick={close} bodyClassName="message-popup earn-popup" destroyOnClose>
        {linking ? <LinkForm artist={linking} onDone={close} /> : null}
      </Popup>
    </section>
  );
}
