/** Edit the take-profit and stop-loss prices of a position (POST /lever/setstop; empty clears). */
import { Button, Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useLeverSetStopMutation, type LeverOrder } from '../api';
import { useContractFigures } from '../figures';
import { isAmount } from '../logic';

export function StopsDialog({ order, onClose }: { order: LeverOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      visible={order !== null}
      onClose={onClose}
      closeOnMaskClick
      title={t('contract.tpslTitle')}
      content={order ? <StopsForm key={order.id} order={order} onClose={onClose} /> : null}
    />
  );
}

function StopsForm({ order, onClose }: { order: LeverOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const [tp, setTp] = useState(order.target_profit_price ?? '');
  const [sl, setSl] = useState(order.stop_loss_price ?? '');
  const [setStop, { isLoading }] = useLeverSetStopMutation();
  const { price } = useContractFigures(order.symbol);

  const save = async () => {
    if ((tp.trim() && !isAmount(tp)) || (sl.trim() && !isAmount(sl))) {
      showToast(t('contract.enterPrice'));
      return;
    }
    try {
      await setStop({ id: order.id, target_profit_price: tp.trim() || '0', stop_loss_price: sl.trim() || '0' }).unwrap();
      showToast(t('contract.stopsSaved'), 'success');
      onClose();
    } catch {
      // Shown by the base query; the typed prices stay.
    }
  };

  return (
    <div data-testid="ct-stops-dialog">
    <p className="hint">
      {order.symbol} · {t('contract.openPrice')} {price(order.price)} · {t('contract.markPrice')}{' '}
      {price(order.mark_price)}
    </p>
    <div className="ct-dialog-field">
      <div className="ct-label">
        <span>{t('contract.takeProfit')}</span>
      </div>
      <div className="ct-input">
        <Input data-testid="ct-stops-tp" value={tp} onChange={setTp} inputMode="decimal" placeholder={t('contract.optional')} clearable />
      </div>
    </div>
    <div className="ct-dialog-field">
      <div className="ct-label">
        <span>{t('contract.stopLoss')}</span>
      </div>
      <div className="ct-input">
        <Input data-testid="ct-stops-sl" value={sl} onChange={setSl} inputMode="decimal" placeholder={t('contract.optional')} clearable />
      </div>
    </div>
    <p className="hint" style={{ marginTop: 8 }}>
      {t(order.type === 1 ? 'contract.stopsHintLong' : 'contract.stopsHintShort')}
    </p>
    <div style={{ display: 'flex', gap: 8, marginTop: 14 }}>
      <Button block onClick={onClose}>
        {t('common.cancel')}
      </Button>
      <Button block color="primary" loading={isLoading} onClick={save} data-testid="ct-stops-save">
        {t('common.save')}
      </Button>
    </div>
    </div>
  );
}
