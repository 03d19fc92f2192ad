/**
 * Paying a won auction (or one offered to the runner-up): a confirmation
 * with the price, the deposit counted toward it, what is left to pay from
 * spot and the balance (a shortfall is said before anything is sent), then
 * `payNFTOrder`.
 */
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Line } from '../../../components/Figures';
import { compareDecimal, formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { usePayMutation, type NftPayment } from '../api';
import { useNftFigures, useSpotBalance } from './Parts';

export function PayButton({ payment: p, block }: { payment: NftPayment; block?: boolean }) {
  const { t } = useTranslation();
  const { exact, balance } = useNftFigures();
  const [pay, { isLoading }] = usePayMutation();
  const spot = useSpotBalance(p.currency);
  const short = spot !== null && compareDecimal(spot, p.due) === -1;
  const onTap = async () => {
    if (short) {
      showToast(t('nft.insufficient', { coin: p.currency_name }));
      return;
    }
    const ok = await Dialog.confirm({
      title: t('nft.pay.title'),
      content: (
        <div className="ui-dialog" data-testid="nft-pay-confirm">
          <Line label={t('nft.pay.item')}>{p.name}</Line>
          <Line label={t('nft.pay.price')}>
            {exact(p.price)} {p.currency_name}
          </Line>
          <Line label={t('nft.pay.depositApplied')}>
            {exact(p.deposit)} {p.currency_name}
          </Line>
          <Line label={t('nft.pay.due')} testId="nft-pay-due" strong>
            {exact(p.due)} {p.currency_name}
          </Line>
          {spot !== null ? (
            <Line label={t('nft.balance')}>
              {balance(spot, p.currency)} {p.currency_name}
            </Line>
          ) : null}
          <p className="nft-dialog-note">{t('nft.pay.deadline', { time: formatDateTime(p.due_at) })}</p>
        </div>
      ),
      confirmText: t('nft.pay.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await pay({ id: p.id }).unwrap();
      showToast(t('nft.pay.done', { name: p.name }), 'success');
    } catch {
      // The server's message (translated) was shown by the base query.
    }
  };
  return (
    <Button
      block={block}
      size={block ? 'large' : 'small'}
      color="primary"
      shape="rounded"
      loading={isLoading}
      onClick={() => void onTap()}
      data-testid="nft-pay"
      data-id={p.id}
    >
      {t('nft.pay.button', { amount: exact(p.due), coin: p.currency_name })}
    </Button>
  );
}
