/**
 * The NFT marketplace for the admin: upload media (a picture, GIF, audio or
 * video; the address it answers, with a preview, goes into the forms), create
 * an artist, a collection, an item (listed by the platform at a fixed price
 * or by auction, or not) or a blind-box series (components/NftForms.tsx);
 * review the resale listings waiting for it (approve puts one on sale,
 * refuse closes it; the seller is told either way); watch the live
 * auctions with their current bid, bids and end; and link artists to the
 * users their royalties are paid to (components/NftRoyalties.tsx).
 */
import { Button, Dialog, Popup } from 'antd-mobile';
import { AddOutline, UploadOutline } from 'antd-mobile-icons';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { copyText } from '../../../lib/clipboard';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { StatusTag } from '../../../shared/funds/StatusTag';
import { useGetNftListingsQuery, useReviewNftListingMutation, useUploadNftMediaMutation } from '../api';
import { liveAuctions, mediaKind, type AdminNftListing } from '../nft';
import { ArtistForm, CollectionForm, ItemForm, SeriesForm, type NftForm } from './NftForms';
import { ArtistRoyalties } from './NftRoyalties';
import '../../../components/ui.css';
import '../earn.css';
import '../nft.css';

const FORMS: NftForm[] = ['artist', 'collection', 'item', 'series'];
const LIMIT = 50;
/** What the upload takes (the server checks the content again). */
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,audio/mpeg,audio/mp4,audio/x-m4a,audio/aac,video/mp4,video/webm';

/** An uploaded file as it will show: picture, player or video. */
export function MediaPreview({ address }: { address: string }) {
  const kind = mediaKind(address);
  if (kind === 'audio') return <audio className="nft-admin-preview" src={address} controls preload="metadata" data-testid="admin-nft-preview" />;
  if (kind === 'video') return <video className="nft-admin-preview" src={address} controls playsInline preload="metadata" data-testid="admin-nft-preview" />;
  return <img className="nft-admin-preview" src={address} alt="" data-testid="admin-nft-preview" />;
}

function Upload({ onUploaded, last }: { onUploaded: (address: string) => void; last: string | null }) {
  const { t } = useTranslation();
  const [upload, { isLoading }] = useUploadNftMediaMutation();
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const address = await upload(file).unwrap();
      onUploaded(address);
      showToast(t('admin.nft.uploaded'), 'success');
    } catch {
      // Told by the admin fetch (too large, not a known format…).
    }
  };
  return (
    <section className="card earn-section" data-testid="admin-nft-upload">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.nft.uploadTitle')}</h2>
        <Button size="small" shape="rounded" color="primary" loading={isLoading} onClick={() => input.current?.click()} data-testid="admin-nft-upload-button">
          <UploadOutline /> {t('admin.nft.upload')}
        </Button>
      </header>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void onFile(e)} data-testid="admin-nft-upload-input" />
      <p className="hint earn-hint">{t('admin.nft.uploadHint')}</p>
      {last ? (
        <div className="nft-admin-uploaded">
          <MediaPreview address={last} />
          <div className="nft-admin-address">
            <code data-testid="admin-nft-address">{last}</code>
            <Button size="small" fill="outline" shape="rounded" onClick={() => void copyText(last).then((ok) => showToast(t(ok ? 'admin.nft.copied' : 'admin.nft.copyFailed')))}>
              {t('admin.nft.copy')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function ListingCard({ listing: l, review }: { listing: AdminNftListing; review?: boolean }) {
  const { t } = useTranslation();
  const [decide, { isLoading }] = useReviewNftListingMutation();
  const money = (v: string | null) => (v === null ? '--' : `${formatDecimal(v)} ${l.currency_name}`);
  const onDecide = async (approve: boolean) => {
    const ok = await Dialog.confirm({
      content: <span data-testid="admin-nft-review-confirm">{t(approve ? 'admin.nft.approveConfirm' : 'admin.nft.refuseConfirm', { name: l.name })}</span>,
      confirmText: t(approve ? 'admin.nft.approve' : 'admin.nft.refuse'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await decide({ id: l.id, approve: approve ? 1 : 0 }).unwrap();
      showToast(t(approve ? 'admin.nft.approved' : 'admin.nft.refused', { name: l.name }), 'success');
    } catch {
      // Told by the admin fetch (already reviewed, its end passed…).
    }
  };
  return (
    <article className="funds-item nft-admin-listing" data-testid={review ? 'admin-nft-review' : 'admin-nft-auction'} data-id={l.id} data-item={l.item_id}>
      <header className="funds-item-head">
        <img className="nft-admin-thumb" src={l.cover} alt="" />
        <strong className="ellipsis">{l.name}</strong>
        <StatusTag tone={l.mode === 'auction' ? 'pending' : 'success'}>{t(`admin.nft.mode.${l.mode}`)}</StatusTag>
      </header>
      <div className="earn-meta">
        <span className="earn-muted">#{l.id}</span>
        <span className="earn-badge">{l.seller_id === null ? t('admin.nft.platform') : t('admin.nft.seller', { name: l.seller ?? `#${l.seller_id}`, id: l.seller_id })}</span>
      </div>
      <div className="earn-figures">
        <div className="earn-figure">
          <span>{t(l.mode === 'auction' ? 'admin.nft.form.startPrice' : 'admin.nft.form.price')}</span>
          <strong>{money(l.price)}</strong>
        </div>
        {l.mode === 'auction' ? (
          <>
            <div className="earn-figure">
              <span>{t('admin.nft.form.step')}</span>
              <strong>{money(l.step)}</strong>
            </div>
            <div className="earn-figure">
              <span>{t('admin.nft.form.margin')}</span>
              <strong>{money(l.margin)}</strong>
            </div>
          </>
        ) : null}
        {l.mode === 'auction' && !review ? (
          <>
            <div className="earn-figure">
              <span>{t('admin.nft.currentBid')}</span>
              <strong data-testid="admin-nft-current-bid">{money(l.current_bid)}</strong>
            </div>
            <div className="earn-figure">
              <span>{t('admin.nft.bids')}</span>
              <strong>{formatDecimal(l.bids)}</strong>
            </div>
          </>
        ) : null}
        <div className="earn-figure">
          <span>{t('admin.nft.form.startsAt')}</span>
          <strong>{formatDateTime(l.starts_at)}</strong>
        </div>
        <div className="earn-figure">
          <span>{t('admin.nft.form.endsAt')}</span>
          <strong>{formatDateTime(l.ends_at)}</strong>
        </div>
      </div>
      {review ? (
        <div className="funds-item-actions">
          <Button size="small" shape="rounded" color="danger" fill="outline" loading={isLoading} onClick={() => void onDecide(false)} data-testid="admin-nft-refuse">
            {t('admin.nft.refuse')}
          </Button>
          <Button size="small" shape="rounded" color="primary" loading={isLoading} onClick={() => void onDecide(true)} data-testid="admin-nft-approve">
            {t('admin.nft.approve')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

function ReviewQueue() {
  const { t } = useTranslation();
  const list = useGetNftListingsQuery({ status: 0, limit: LIMIT }, { refetchOnMountOrArgChange: true });
  const rows = list.data?.data ?? [];
  return (
    <section className="earn-section" data-testid="admin-nft-queue">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.nft.queueTitle', { n: list.data?.total ?? 0 })}</h2>
      </header>
      <p className="hint earn-hint">{t('admin.nft.queueHint')}</p>
      <QueryBlock isLoading={list.isLoading} isError={list.isError && !list.data} onRetry={list.refetch} empty={rows.length === 0} emptyTitle={t('admin.nft.queueEmpty')} lines={2}>
        {rows.map((l) => (
          <ListingCard key={l.id} listing={l} review />
        ))}
      </QueryBlock>
    </section>
  );
}

function LiveAuctions() {
  const { t } = useTranslation();
  const list = useGetNftListingsQuery({ status: 1, limit: 100 }, { refetchOnMountOrArgChange: true, pollingInterval: 15_000 });
  const rows = liveAuctions(list.data?.data ?? []);
  return (
    <section className="earn-section" data-testid="admin-nft-auctions">
      <header className="earn-section-head">
        <h2 className="admin-subtitle">{t('admin.nft.auctionsTitle')}</h2>
      </header>
      <p className="hint earn-hint">{t('admin.nft.auctionsHint')}</p>
      <QueryBlock isLoading={list.isLoading} isError={list.isError && !list.data} onRetry={list.refetch} empty={rows.length === 0} emptyTitle={t('admin.nft.auctionsEmpty')} lines={2}>
        {rows.map((l) => (
          <ListingCard key={l.id} listing={l} />
        ))}
      </QueryBlock>
    </section>
  );
}

export function NftPanel() {
  const { t } = useTranslation();
  const [form, setForm] = useState<NftForm | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const close = () => setForm(null);
  return (
    <div data-testid="admin-nft">
      <Upload last={last} onUploaded={setLast} />
      <section className="card earn-section" data-testid="admin-nft-create">
        <h2 className="admin-subtitle">{t('admin.nft.createTitle')}</h2>
        <div className="nft-admin-new">
          {FORMS.map((f) => (
            <Button key={f} shape="rounded" fill="outline" onClick={() => setForm(f)} data-testid={`admin-nft-new-${f}`}>
              <AddOutline /> {t(`admin.nft.new.${f}`)}
            </Button>
          ))}
        </div>
      </section>
      <ReviewQueue />
      <LiveAuctions />
      <ArtistRoyalties />
      <Popup visible={form !== null} onMaskClick={close} bodyClassName="message-popup earn-popup tall" destroyOnClose>
        {form === 'artist' ? <ArtistForm onDone={close} lastUpload={last} /> : null}
        {form === 'collection' ? <CollectionForm onDone={close} lastUpload={last} /> : null}
        {form === 'item' ? <ItemForm onDone={close} lastUpload={last} /> : null}
        {form === 'series' ? <SeriesForm onDone={close} lastUpload={last} /> : null}
      </Popup>
    </div>
  );
}
