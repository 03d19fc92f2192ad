/**
 * Bidding on an auction (nft/purchase, `?id=`): the item, the current bid,
 * the least next bid (the current bid plus the step) and the countdown, all
 * live; the deposit first when the caller has not paid it; then the bid,
 * checked as typed (an amount, the coin's decimals, at least the least next
 * bid: "The bid must be greater than the current bid") and sent with
 * `auctionNFT`. A bid in the last minutes moves the end; the page says so.
 */
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Figure, Line } from '../../../components/Figures';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime, PLACEHOLDER } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { artworkRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import { useBidMutation, type ItemDetail } from '../api';
import { auctionPhase, DepositButton } from '../components/AuctionPanel';
import { ItemBody, useItem } from '../components/ItemPage';
import { ItemSummary } from '../components/ItemSummary';
import { Countdown, useNftFigures, useServerNow } from '../components/Parts';
import { checkBid, clockOffset, sanitizeAmount, type BidIssue } from '../logic';
import '../../../components/ui.css';
import '../nft.css';

function BidForm({ detail, offset, onElapsed }: { detail: ItemDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact, decimalsOf } = useNftFigures();
  const [bid, { isLoading }] = useBidMutation();
  const [price, setPrice] = useState('');
  const [tried, setTried] = useState(false);
  const now = useServerNow(offset);
  const item = detail.item;
  const a = detail.auction;
  if (!a) return <EmptyState title={t('nft.bid.noAuction')} />;
  const phase = auctionPhase(a, now);
  const coin = item.currency_name;
  const issue = checkBid(price, { min: a.min_bid, places: decimalsOf(item.currency) });
  const shown = issue && (tried || issue.key !== 'required') ? issue : null;
  const issueText = (i: BidIssue) => t(`nft.bid.errors.${i.key}`, { places: i.values?.places, min: i.values?.min ? exact(i.values.min) : undefined, coin });

  const submit = async () => {
    setTried(true);
    if (issue || phase !== 'live' || a.leader_is_me) return;
    try {
      const answer = await bid({ id: item.id, price: price.trim() }).unwrap();
      showToast(answer.extended ? t('nft.bid.doneExtended', { time: formatDateTime(answer.ends_at, { seconds: true }) }) : t('nft.bid.done'), 'success');
      navigate(artworkRoute(item.id, item.type), { replace: true });
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  return (
    <>
      <ItemSummary item={item} />
      <section className="ui-card nft-auction" data-testid="nft-bid-status" data-phase={phase}>
        <div className="ui-main">
          <div className="ui-big">
            <span className="ui-figure-label">{a.current_bid === null ? t('nft.price.startingBid') : t('nft.price.currentBid')}</span>
            <strong data-testid="nft-current-bid">
              {exact(a.current_bid ?? item.price)} {coin}
            </strong>
          </div>
          <Figure label={t('nft.auction.minBid')} testId="nft-min-bid" end>
            {exact(a.min_bid)} {coin}
          </Figure>
        </div>
        <Countdown starts_at={a.starts_at} ends_at={a.ends_at} offset={offset} onElapsed={onElapsed} />
        <div className="ui-lines">
          <Line label={t('nft.auction.step')}>
            {exact(a.step)} {coin}
          </Line>
          <Line label={t('nft.auction.myBid')}>{a.my_bid !== null ? `${exact(a.my_bid)} ${coin}` : PLACEHOLDER}</Line>
        </div>
      </section>
      <section className="ui-card ui-form" data-testid="nft-bid-form">
        <h2 className="ui-card-title">{t('nft.bid.title')}</h2>
        {!a.joined_me ? (
          <>
            <p className="nft-note">{t('nft.bid.depositFirst')}</p>
            <DepositButton detail={detail} />
          </>
        ) : (
          <>
            <div className={`ui-field ${shown ? 'has-error' : ''}`}>
              <label className="ui-field-label" htmlFor="nft-bid-price">
                {t('nft.bid.label', { coin })}
              </label>
              <div className="ui-input" data-testid="nft-bid-price">
                <Input
                  id="nft-bid-price"
                  value={price}
                  onChange={(v) => setPrice(sanitizeAmount(v))}
                  inputMode="decimal"
                  disabled={phase !== 'live'}
                  placeholder={t('nft.bid.placeholder', { min: exact(a.min_bid) })}
                />
                <span className="ui-input-unit">{coin}</span>
              </div>
              {shown ? (
                <p className="ui-error" role="alert" data-testid="nft-bid-price-error" data-key={shown.key}>
                  {issueText(shown)}
                </p>
              ) : (
                <p className="ui-field-hint">{t('nft.bid.hint', { min: exact(a.min_bid), step: exact(a.step), coin })}</p>
              )}
            </div>
            <div className="nft-quick">
              <Button size="small" shape="rounded" fill="outline" onClick={() => setPrice(a.min_bid)} disabled={phase !== 'live'} data-testid="nft-bid-min">
                {t('nft.bid.useMin')}
              </Button>
            </div>
            <p className="hint">{t('nft.bid.note')}</p>
            {a.leader_is_me ? (
              <Button block shape="rounded" size="large" disabled data-testid="nft-bid-submit">
                {t('nft.auction.leading')}
              </Button>
            ) : phase !== 'live' ? (
              <Button block shape="rounded" size="large" disabled data-testid="nft-bid-submit">
                {t(phase === 'upcoming' ? 'nft.sale.notStarted' : 'nft.auction.ended')}
              </Button>
            ) : (
              <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="nft-bid-submit">
                {t('nft.bid.submit')}
              </SubmitButton>
            )}
          </>
        )}
      </section>
    </>
  );
}

export default function BidPage() {
  const { t } = useTranslation();
  const item = useItem({ live: true });
  const { id } = item;
  const body = (
    <ItemBody item={item} lines={6}>
      {(d) => <BidForm detail={d} offset={clockOffset(d.server_time, item.query.fulfilledTimeStamp)} onElapsed={item.query.refetch} />}
    </ItemBody>
  );
  return (
    <PageShell backTo={id ? artworkRoute(id) : NFT_ROUTES.market} className="ui-page nft-page">
      <div data-testid="nft-bid-page">
        <PageHeading title={t('nft.bid.heading')} />
        {body}
      </div>
    </PageShell>
  );
}
