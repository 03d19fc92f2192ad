/**
 * A blind-box series (nft/box, `?id=`): its cover, price, boxes sold of the
 * total, the rarities inside and every item by slot; "Buy a box" (confirmed
 * with the price and the balance, a shortfall said first); the caller's
 * boxes with "Open"; and the fairness of the draw: the seed's hash published
 * before the sale, the rule, and once the series sold out or ended the seed
 * itself, with each box checked (the slot the rule gives its number against
 * the item it held). The browser recomputes the rule itself (SHA-256 with
 * `crypto.subtle`, logic.ts `boxOrder`) and says whether it agrees with the
 * server; the "how to check" block gives the shell command that does the
 * same anywhere.
 */
import { Button, Dialog } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { Line } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { copyText } from '../../../lib/clipboard';
import { compareDecimal } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { NFT_ROUTES, seriesRoute } from '../../../shared/nft/routes';
import { useBuyBoxMutation, useGetSeriesQuery, type SeriesDetail } from '../api';
import { ShortOf } from '../components/AuctionPanel';
import { BoxRow } from '../components/BoxRow';
import { Bar, Countdown, Cover, RarityBadge, SaleTag, useNftFigures, useSpotBalance } from '../components/Parts';
import { boxOrder, clockOffset, idParam, sha256Hex, soldPercent, verifyCommand } from '../logic';
import '../../../components/ui.css';
import '../nft.css';
import { RetryImage } from '../../../components/RetryImage';

/** The browser's own check of a revealed seed: its hash against the published one, and the rule's order of the slots. */
type BrowserCheck = { seed: string; order: number[]; hashOk: boolean } | { seed: string; failed: true };

function useBrowserCheck(seed: string | null, total: number, seedHash: string): BrowserCheck | null {
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  useEffect(() => {
    if (!seed) return;
    let live = true;
    Promise.all([boxOrder(seed, total), sha256Hex(seed)]).then(
      ([order, hash]) => live && setCheck({ seed, order, hashOk: hash === seedHash.toLowerCase() }),
      () => live && setCheck({ seed, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [seed, total, seedHash]);
  return check && seed && check.seed === seed ? check : null;
}

function BuyBox({ detail }: { detail: SeriesDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const { exact, balance } = useNftFigures();
  const [buy, { isLoading }] = useBuyBoxMutation();
  const s = detail.series;
  const spot = useSpotBalance(s.currency);
  const short = spot !== null && compareDecimal(spot, s.price) === -1;
  const onSale = s.sale_status === 1;
  const onTap = async () => {
    if (!token) {
      navigate(loginRouteFor(seriesRoute(s.id)));
      return;
    }
    if (short) {
      showToast(t('nft.insufficient', { coin: s.currency_name }));
      return;
    }
    const ok = await Dialog.confirm({
      title: t('nft.series.buyTitle'),
      content: (
        <div className="ui-dialog" data-testid="nft-buy-box-confirm">
          <Line label={t('nft.series.title')}>{s.name}</Line>
          <Line label={t('nft.price.price')} testId="nft-buy-box-price" strong>
            {exact(s.price)} {s.currency_name}
          </Line>
          {spot !== null ? (
            <Line label={t('nft.balance')}>
              {balance(spot, s.currency)} {s.currency_name}
            </Line>
          ) : null}
          <p className="nft-dialog-note">{t('nft.series.buyNote')}</p>
        </div>
      ),
      confirmText: t('nft.series.buy'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const box = await buy({ id: s.id }).unwrap();
      showToast(t('nft.series.bought', { n: box.number }), 'success');
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };
  return (
    <>
      {token && short && onSale ? <ShortOf currency={s.currency} coin={s.currency_name} /> : null}
      <Button block color="primary" shape="rounded" size="large" disabled={!onSale} loading={isLoading} onClick={() => void onTap()} data-testid="nft-buy-box">
        {onSale ? (token ? t('nft.series.buyFor', { price: exact(s.price), coin: s.currency_name }) : t('nft.series.loginToBuy')) : t(s.sale_status === 2 ? 'nft.sale.notStarted' : 'nft.series.soldOut')}
      </Button>
    </>
  );
}

function Fairness({ detail, check }: { detail: SeriesDetail; check: BrowserCheck | null }) {
  const { t } = useTranslation();
  const s = detail.series;
  const mine = detail.my_boxes.filter((b) => b.rule_slot !== null);
  const agrees = check && 'order' in check ? mine.every((b) => check.order[b.number] === b.rule_slot) : null;
  const command = detail.seed ? verifyCommand(detail.seed, s.total) : verifyCommand('<seed>', s.total);
  return (
    <section className="ui-card nft-fair" data-testid="nft-fairness">
      <h2 className="ui-card-title">{t('nft.series.fairTitle')}</h2>
      <p className="nft-note">{t('nft.series.rule')}</p>
      <div className="ui-lines">
        <span className="ui-figure-label">{t('nft.series.seedHash')}</span>
        <code className="nft-code" data-testid="nft-seed-hash">
          {detail.seed_hash}
        </code>
        <span className="ui-figure-label">{t('nft.series.seed')}</span>
        {detail.seed ? (
          <code className="nft-code" data-testid="nft-seed">
            {detail.seed}
          </code>
        ) : (
          <p className="hint" data-testid="nft-seed-secret">
            {t('nft.series.seedSecret')}
          </p>
        )}
      </div>
      {detail.seed ? (
        <div className="nft-browser-check" data-testid="nft-browser-check" data-hash-ok={check && 'order' in check ? check.hashOk : ''} data-agrees={agrees ?? ''}>
          {check === null ? (
            <p className="hint">{t('nft.series.checking')}</p>
          ) : 'failed' in check ? (
            <p className="hint">{t('nft.series.cannotCheck')}</p>
          ) : (
            <>
              <p className={check.hashOk ? 'nft-ok' : 'nft-bad'}>
                {check.hashOk ? <CheckCircleFill /> : <CloseCircleFill />} {t(check.hashOk ? 'nft.series.hashOk' : 'nft.series.hashBad')}
              </p>
              {mine.length > 0 ? (
                <p className={agrees ? 'nft-ok' : 'nft-bad'} data-testid="nft-agrees">
                  {agrees ? <CheckCircleFill /> : <CloseCircleFill />} {t(agrees ? 'nft.series.agrees' : 'nft.series.disagrees')}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <h3 className="nft-subtitle">{t('nft.series.howTitle')}</h3>
      <p className="hint">{t('nft.series.howText')}</p>
      <pre className="nft-command" data-testid="nft-verify-command">
        {command}
      </pre>
      <div className="ui-actions">
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          onClick={() => void copyText(command).then((ok) => showToast(t(ok ? 'nft.series.copied' : 'nft.series.copyFailed')))}
          data-testid="nft-copy-command"
        >
          {t('nft.series.copy')}
        </Button>
      </div>
    </section>
  );
}

function SeriesView({ detail, offset, onElapsed }: { detail: SeriesDetail; offset: number; onElapsed: () => void }) {
  const { t } = useTranslation();
  const token = useAppSelector(selectToken);
  const { exact } = useNftFigures();
  const s = detail.series;
  const check = useBrowserCheck(detail.seed, s.total, detail.seed_hash);
  const order = check && 'order' in check ? check.order : null;
  return (
    <div data-testid="nft-series" data-id={s.id} data-revealed={detail.seed !== null} data-sold={s.sold} data-total={s.total}>
      <div className="nft-media">
        <RetryImage src={s.cover} alt={s.name} />
      </div>
      <PageHeading title={<span data-testid="nft-series-name">{s.name}</span>} subtitle={s.artist_name} />
      {s.intro ? <p className="nft-intro nft-artist-intro">{s.intro}</p> : null}
      <section className="ui-card nft-sale" data-testid="nft-series-sale">
        <div className="ui-main">
          <div className="ui-big">
            <span className="ui-figure-label">{t('nft.series.boxPrice')}</span>
            <strong data-testid="nft-series-price">
              {exact(s.price)} {s.currency_name}
            </strong>
          </div>
          <SaleTag status={s.sale_status} soldOut={s.sold >= s.total} />
        </div>
        <div className="nft-series-sold">
          <span className="ui-figure-label">{t('nft.series.sold')}</span>
          <b data-testid="nft-series-sold">{t('nft.series.soldOf', { sold: s.sold, total: s.total })}</b>
        </div>
        <Bar percent={soldPercent(s.sold, s.total)} label={t('nft.series.sold')} />
        {s.sale_status !== 0 ? <Countdown starts_at={s.starts_at} ends_at={s.ends_at} offset={offset} onElapsed={onElapsed} /> : null}
        <div className="nft-action">
          <BuyBox detail={detail} />
        </div>
      </section>
      {token ? (
        <section className="nft-section" data-testid="nft-series-boxes">
          <h2 className="nft-section-title">{t('nft.series.myBoxes')}</h2>
          {detail.my_boxes.length === 0 ? (
            <p className="hint nft-pad">{t('nft.series.noBoxes')}</p>
          ) : (
            [...detail.my_boxes]
              .sort((a, b) => a.number - b.number)
              .map((b) => <BoxRow key={b.id} box={b} computed={order ? (order[b.number] ?? null) : null} />)
          )}
        </section>
      ) : null}
      <section className="ui-card" data-testid="nft-series-rarities">
        <h2 className="ui-card-title">{t('nft.series.inside')}</h2>
        <div className="nft-rarity-counts">
          {detail.rarities.map((r) => (
            <span key={r.rarity} className="nft-rarity-count">
              <RarityBadge rarity={r.rarity} /> × {r.count}
            </span>
          ))}
        </div>
        <div className="nft-slots">
          {detail.items.map(({ slot, item }) => (
            <div key={slot} className="nft-slot" data-testid="nft-slot" data-slot={slot}>
              <Cover src={item.cover} alt={item.name} />
              <span className="nft-slot-no">#{slot}</span>
              <span className="nft-slot-name ellipsis">{item.name}</span>
            </div>
          ))}
        </div>
      </section>
      <Fairness detail={detail} check={check} />
    </div>
  );
}

export default function SeriesPage() {
  const { t } = useTranslation();
  useRealtime();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const token = useAppSelector(selectToken);
  const detail = useGetSeriesQuery({ id: id ?? 0, token }, { skip: id === null, refetchOnMountOrArgChange: true });
  let body;
  if (id === null) body = <EmptyState title={t('nft.notFound')} />;
  else if (detail.isLoading) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !detail.data) body = <ErrorState onRetry={detail.refetch} />;
  else if (detail.data)
    body = <SeriesView detail={detail.data} offset={clockOffset(detail.data.server_time, detail.fulfilledTimeStamp)} onElapsed={detail.refetch} />;
  return (
    <PageShell backTo={`${NFT_ROUTES.market}?tab=boxes`} className="ui-page nft-page">
      {body}
    </PageShell>
  );
}
