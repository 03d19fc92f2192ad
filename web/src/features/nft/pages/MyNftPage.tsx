/**
 * One of the caller's artworks (nft/myNft, `?id=`): its media, the state of
 * its latest listing (in review, on sale, awaiting payment, sold, closed,
 * refused) and what the owner can do: list it for resale, withdraw a
 * listing still in review or a fixed-price one not sold (an auction runs to
 * its end), or open its public page.
 */
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { artworkRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import { useCancelResellMutation, type ItemDetail } from '../api';
import { MediaView } from '../components/MediaView';
import { RarityBadge, useNftFigures } from '../components/Parts';
import { canResell, canWithdraw, ownListingState } from '../logic';
import { ItemBody, useItem } from '../components/ItemPage';
import '../../../components/ui.css';
import '../nft.css';

function Owned({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact } = useNftFigures();
  const [cancel, { isLoading }] = useCancelResellMutation();
  const item = detail.item;
  const state = ownListingState(item);
  const live = item.listing_id !== null;

  const withdraw = async () => {
    const ok = await Dialog.confirm({
      content: <span data-testid="nft-withdraw-confirm">{t('nft.owner.withdrawConfirm', { name: item.name })}</span>,
      confirmText: t('nft.owner.withdraw'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await cancel({ id: item.id }).unwrap();
      showToast(t('nft.owner.withdrawn'), 'success');
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };

  if (item.owner !== 'me') {
    return (
      <>
        <MediaView item={item} />
        <EmptyState title={t('nft.owner.notYours')} />
        <div className="ui-actions nft-center">
          <Button shape="rounded" fill="outline" color="primary" onClick={() => navigate(artworkRoute(item.id, item.type))} data-testid="nft-open-public">
            {t('nft.owner.viewPublic')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div data-testid="nft-my-nft" data-id={item.id} data-state={state ?? ''}>
      <MediaView item={item} />
      <div className="nft-detail-head">
        <div className="nft-detail-title">
          <h1 data-testid="nft-detail-name">{item.name}</h1>
          <div className="nft-card-tags">
            <RarityBadge rarity={item.rarity} />
            <span className="nft-tag">{t(`nft.type.${item.type}`)}</span>
            {state ? (
              <span className={`nft-tag nft-listing-${state}`} data-testid="nft-listing-state" data-state={state}>
                {t(`nft.listing.${state}`)}
              </span>
            ) : (
              <span className="nft-tag" data-testid="nft-listing-state" data-state="none">
                {t('nft.listing.none')}
              </span>
            )}
          </div>
        </div>
      </div>
      <section className="ui-card">
        <div className="ui-lines">
          <Line label={t('nft.detail.artist')}>{item.artist_name}</Line>
          <Line label={t('nft.detail.collection')}>{item.collection_name}</Line>
          <Line label={t('nft.detail.lastPrice')} testId="nft-last-price">
            {item.last_price !== null ? `${exact(item.last_price)} ${item.currency_name}` : PLACEHOLDER}
          </Line>
          {live && item.price !== null ? (
            <Line label={t(item.mode === 'auction' ? 'nft.price.startingBid' : 'nft.owner.listedAt')} testId="nft-listed-price">
              {exact(item.price)} {item.currency_name}
            </Line>
          ) : null}
          {live && item.current_bid !== null ? (
            <Line label={t('nft.price.currentBid')}>
              {exact(item.current_bid)} {item.currency_name}
            </Line>
          ) : null}
          {live && item.ends_at !== null ? <Line label={t('nft.owner.endsAt')}>{formatDateTime(item.ends_at)}</Line> : null}
        </div>
        {state ? <p className="nft-note" data-testid="nft-listing-note">{t(`nft.owner.note.${state}`)}</p> : null}
        <div className="ui-actions">
          <Button size="small" shape="rounded" fill="outline" onClick={() => navigate(artworkRoute(item.id, item.type))} data-testid="nft-open-public">
            {t('nft.owner.viewPublic')}
          </Button>
          {canWithdraw(item) ? (
            <Button size="small" shape="rounded" color="danger" fill="outline" loading={isLoading} onClick={() => void withdraw()} data-testid="nft-withdraw">
              {t('nft.owner.withdraw')}
            </Button>
          ) : null}
          {canResell(item) ? (
            <Button size="small" shape="rounded" color="primary" onClick={() => navigate(`${NFT_ROUTES.resell}?id=${item.id}`)} data-testid="nft-resell">
              {t('nft.owner.resell')}
            </Button>
          ) : null}
        </div>
      </section>
      <p className="hint nft-stay">{t('nft.resell.stayNote')}</p>
    </div>
  );
}

export default function MyNftPage() {
  const item = useItem({ live: false });
  const body = (
    <ItemBody item={item} lines={8}>
      {(d) => <Owned detail={d} />}
    </ItemBody>
  );
  return (
    <PageShell backTo={NFT_ROUTES.mine} className="ui-page nft-page">
      {body}
    </PageShell>
  );
}
