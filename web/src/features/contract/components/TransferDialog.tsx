/**
 * "Transfer in": moves USDT from the spot account to the lever (3) or options
 * (4) account through POST /wallet/change. The typed amount stays after an error.
 */
import { Button, Dialog, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { ACCOUNT_SPOT, useAccountTransferMutation } from '../api';
import { isAmount } from '../logic';

interface Props {
  visible: boolean;
  onClose: () => void;
  /** Destination account: 3 lever, 4 options. */
  toField: 3 | 4;
  currencyId: number;
  coin: string;
}

export function TransferDialog({ visible, onClose, toField, currencyId, coin }: Props) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [transfer, { isLoading }] = useAccountTransferMutation();

  const submit = async () => {
    const value = amount.trim();
    if (!isAmount(value)) {
      showToast(t('contract.enterAmount'));
      return;
    }
    try {
      await transfer({ currency_id: currencyId, number: value, from_field: ACCOUNT_SPOT, to_field: toField }).unwrap();
      showToast(t('contract.transferDone'), 'success');
      setAmount('');
      onClose();
    } catch {
      // The server's message was shown; the amount stays for another try.
    }
  };

  return (
    <Dialog
      visible={visible}
      onClose={onClose}
      closeOnMaskClick
      title={t('contract.transferTitle')}
      content={
        <div data-testid="ct-transfer-dialog">
          <p className="hint" style={{ marginBottom: 10 }}>
            {t(toField === 3 ? 'contract.transferHintLever' : 'contract.transferHintOptions', { coin })}
          </p>
          <div className="ct-input">
            <Input
              data-testid="ct-transfer-amount"
              value={amount}
              onChange={setAmount}
              inputMode="decimal"
              placeholder={t('contract.amountPlaceholder')}
            />
            <span className="ct-input-unit">{coin}</span>
          </div>
          <div style={{ display: 'flex', gap: 8, marginTop: 14 }}>
            <Button block onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button block color="primary" loading={isLoading} onClick={submit} data-testid="ct-transfer-submit">
              {t('common.confirm')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
