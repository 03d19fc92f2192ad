/** The result of a settled seconds option: win, lose or tie, both prices with their times, payout. */
import { Button, Dialog } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, MinusCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { toFixed, trendColor } from '../../../lib/format';
import type { OptionOrder } from '../api';
import { outcomeOf, formatPrice } from '../logic';

function clock(ms: number | null): string {
  if (!ms) return '--';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function OptionResultDialog({ order, onClose }: { order: OptionOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const outcome = order ? outcomeOf(order.outcome) : 'open';
  const icon =
    outcome === 'win' ? (
      <CheckCircleFill fontSize={44} color="var(--bourse-up)" />
    ) : outcome === 'lose' ? (
      <CloseCircleFill fontSize={44} color="var(--bourse-down)" />
    ) : (
      <MinusCircleOutline fontSize={44} color="var(--bourse-zero)" />
    );
  return (
    <Dialog
      visible={order !== null}
      onClose={onClose}
      closeOnMaskClick
      content={
        order ? (
          <div className="ct-result" data-testid="ct-result" data-outcome={outcome}>
            {icon}
            <h2>{outcome === 'open' ? t('contract.settling') : t(`contract.outcome.${outcome}`)}</h2>
            <div className="ct-result-amount" style={{ color: trendColor(order.fact_profits) }}>
              {order.fact_profits.startsWith('-') ? '' : '+'}
              {toFixed(order.fact_profits, 2)}
            </div>
            <div className="ct-confirm">
              <div>
                <span>{t('contract.direction')}</span>
                <b>
                  {order.symbol} {order.type === 1 ? t('contract.rise') : t('contract.fall')} · {order.seconds}s
                </b>
              </div>
              <div>
                <span>{t('contract.amount')}</span>
                <b>{toFixed(order.number, 2)}</b>
              </div>
              <div>
                <span>{t('contract.openPrice')}</span>
                <b>
                  {formatPrice(order.open_price)} · {clock(order.opened_at)}
                </b>
              </div>
              <div>
                <span>{t('contract.endPrice')}</span>
                <b>
                  {formatPrice(order.end_price)} · {clock(order.complete_time ?? order.expires_at)}
                </b>
              </div>
              <div>
                <span>{t('contract.payout')}</span>
                <b>{toFixed(order.payout, 2)}</b>
              </div>
            </div>
            <Button block color="primary" style={{ marginTop: 16 }} onClick={onClose} data-testid="ct-result-ok">
              {t('common.gotIt')}
            </Button>
          </div>
        ) : null
      }
    />
  );
}
