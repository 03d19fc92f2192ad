/**
 * One of the caller's blind boxes (the Mine page's boxes, the series page):
 * its series and number, unopened with "Open", or what it held; once the
 * series' seed is revealed, the slot the rule gives its number, the item's
 * slot and whether they agree (✓ verified, ✗ not). Opening shows the item
 * revealed in a small animation.
 */
import { Button, CenterPopup } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, GiftOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { artworkRoute, seriesRoute } from '../../../shared/nft/routes';
import { useOpenBoxMutation, type MyBox, type NftCard } from '../api';
import { boxCheck } from '../logic';
import { Cover, RarityBadge } from './Parts';

/** The item a box held, revealed: it turns over and settles (CSS, nft.css). */
export function Reveal({ item, onClose }: { item: NftCard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CenterPopup
      visible={item !== null}
      onMaskClick={onClose}
      bodyClassName="nft-reveal-popup"
      style={{ '--max-width': 'min(340px, calc(100vw - 32px))', '--min-width': 'min(300px, calc(100vw - 32px))' }}
      destroyOnClose
    >
      {item ? (
        <div className="nft-reveal" data-testid="nft-reveal" data-id={item.id} data-rarity={item.rarity}>
          <p className="nft-reveal-title">{t('nft.box.revealed')}</p>
          <div className={`nft-reveal-card nft-glow-${item.rarity}`}>
            <Cover src={item.cover} alt={item.name} eager />
          </div>
          <strong className="nft-reveal-name" data-testid="nft-reveal-name">
            {item.name}
          </strong>
          <RarityBadge rarity={item.rarity} />
          <div className="ui-actions nft-center">
            <Button shape="rounded" fill="outline" onClick={onClose} data-testid="nft-reveal-close">
              {t('common.gotIt')}
            </Button>
            <Button
              shape="rounded"
              color="primary"
              onClick={() => {
                onClose();
                navigate(artworkRoute(item.id, item.type));
              }}
            >
              {t('nft.box.viewItem')}
            </Button>
          </div>
        </div>
      ) : null}
    </CenterPopup>
  );
}

export function BoxRow({ box, computed, showSeries }: { box: MyBox; computed?: number | null; showSeries?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, { isLoading }] = useOpenBoxMutation();
  const [revealed, setRevealed] = useState<NftCard | null>(null);
  const check = boxCheck(box, computed ?? box.rule_slot);
  const onOpen = async () => {
    try {
      const answer = await open({ id: box.id }).unwrap();
      setRevealed(answer.item);
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };
  return (
    <article className="ui-card nft-box" data-testid="nft-box" data-id={box.id} data-number={box.number} data-opened={box.opened} data-check={check}>
      <div className="nft-box-head">
        <Cover src={box.cover} alt="" className="nft-box-cover" />
        <div className="nft-box-who">
          {showSeries ? (
            <button type="button" className="nft-link ellipsis" onClick={() => navigate(seriesRoute(box.series_id))} data-testid="nft-box-series">
              {box.series_name}
            </button>
          ) : null}
          <strong>{t('nft.box.number', { n: box.number })}</strong>
          {box.opened && box.item_name ? (
            <span className="nft-box-item ellipsis" data-testid="nft-box-item">
              {t('nft.box.held', { name: box.item_name })}
            </span>
          ) : (
            <span className="hint">{t('nft.box.unopened')}</span>
          )}
        </div>
        {box.opened ? (
          box.item_id ? (
            <Button size="small" shape="rounded" fill="outline" onClick={() => navigate(artworkRoute(box.item_id as number))} data-testid="nft-box-view">
              {t('nft.box.viewItem')}
            </Button>
          ) : null
        ) : (
          <Button size="small" shape="rounded" color="primary" loading={isLoading} onClick={() => void onOpen()} data-testid="nft-open-box">
            <GiftOutline /> {t('nft.box.open')}
          </Button>
        )}
      </div>
      {box.opened ? (
        <div className={`nft-box-check ${check}`} data-testid="nft-box-check" data-check={check}>
          {check === 'verified' ? <CheckCircleFill /> : check === 'mismatch' ? <CloseCircleFill /> : null}
          <span>
            {check === 'pending'
              ? t('nft.box.checkPending')
              : t(check === 'verified' ? 'nft.box.verified' : 'nft.box.mismatch', { rule: computed ?? box.rule_slot ?? 0, slot: box.slot ?? 0 })}
          </span>
        </div>
      ) : null}
      <Reveal item={revealed} onClose={() => setRevealed(null)} />
    </article>
  );
}
