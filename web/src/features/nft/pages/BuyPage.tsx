/**
 * Buying an artwork at its fixed price (nft/purchase_one, `?id=`): the item,
 * its price, the caller's spot balance of its coin (a shortfall flagged
 * before anything is sent, with the way to deposit), then "Confirm purchase"
 * (`buyNFT`). Once bought, the item is the caller's: its page in "My NFTs".
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { compareDecimal, PLACEHOLDER } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { artworkRoute, NFT_ROUTES } from '../../../shared/nft/routes';
import { useBuyMutation, type ItemDetail } from '../api';
import { ShortOf } from '../components/AuctionPanel';
import { ItemBody, useItem } from '../components/ItemPage';
import { ItemSummary } from '../components/ItemSummary';
import { useNftFigures, useSpotBalance } from '../components/Parts';
import '../../../components/ui.css';
import '../nft.css';

function BuyForm({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact, balance } = useNftFigures();
  const [buy, { isLoading }] = useBuyMutation();
  const item = detail.item;
  const spot = useSpotBalance(item.currency);
  const price = item.price;
  const onSale = item.mode === 'normal' && item.sale_status === 1 && price !== null && item.owner !== 'me';
  const short = spot !== null && price !== null && compareDecimal(spot, price) === -1;

  const submit = async () => {
    if (short) {
      showToast(t('nft.insufficient', { coin: item.currency_name }));
      return;
    }
    if (!onSale) return;
    try {
      await buy({ id: item.id }).unwrap();
      showToast(t('nft.buy.done', { name: item.name }), 'success');
      navigate(`${NFT_ROUTES.mineItem}?id=${item.id}`, { replace: true });
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };

  return (
    <>
      <ItemSummary item={item} />
      <section className="ui-card ui-form" data-testid="nft-buy-form">
        <h2 className="ui-card-title">{t('nft.buy.title')}</h2>
        <div className="ui-lines">
          <Line label={t('nft.price.price')} testId="nft-buy-price" strong>
            {price !== null ? `${exact(price)} ${item.currency_name}` : PLACEHOLDER}
          </Line>
          <Line label={t('nft.buy.from')}>{t('nft.buy.spot')}</Line>
          <Line label={t('nft.balance')} testId="nft-buy-balance">
            <span className={short ? 'down' : ''}>{spot !== null ? `${balance(spot, item.currency)} ${item.currency_name}` : PLACEHOLDER}</span>
          </Line>
        </div>
        {short ? <ShortOf currency={item.currency} coin={item.currency_name} /> : null}
        {!onSale ? (
          <p className="nft-note" data-testid="nft-buy-closed">
            {t('nft.buy.notOnSale')}
          </p>
        ) : null}
        <p className="hint">{t('nft.buy.note')}</p>
        <div className="ui-total">
          <span>{t('nft.buy.total')}</span>
          <b data-testid="nft-buy-total">{price !== null ? `${exact(price)} ${item.currency_name}` : PLACEHOLDER}</b>
        </div>
        <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="nft-buy-confirm">
          {short ? t('nft.insufficient', { coin: item.currency_name }) : t('nft.buy.confirm')}
        </SubmitButton>
      </section>
    </>
  );
}

export default function BuyPage() {
  const { t } = useTranslation();
  const item = useItem({ live: false });
  const { id } = item;
  const body = (
    <ItemBody item={item} lines={6}>
      {(d) => <BuyForm detail={d} />}
    </ItemBody>
  );
  return (
    <PageShell backTo={id ? artworkRoute(id) : NFT_ROUTES.market} className="ui-page nft-page">
      <div data-testid="nft-buy-page">
        <PageHeading title={t('nft.buy.heading')} />
        {body}
      </div>
    </PageShell>
  );
}
