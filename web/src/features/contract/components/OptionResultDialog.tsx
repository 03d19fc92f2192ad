/** The result of a settled seconds option: win, lose or tie, both prices with their times, payout. */
import { Button, Dialog } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill, MinusCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { signed, trendColor } from '../../../lib/format';
import type { OptionOrder } from '../api';
import { useOptionFigures } from '../figures';
import { outcomeOf } from '../logic';

function clock(ms: number | null): string {
  if (!ms) return '--';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function OptionResultDialog({ order, onClose }: { order: OptionOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const outcome = order ? outcomeOf(order.outcome) : 'open';
  const figures = useOptionFigures(order ?? { symbol: '', currency_id: 0 });
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
              {signed(figures.money(order.fact_profits))}
            </div>
            <div className="ct-confirm">
              <div>
                <span>{t('contract.direction')}</span>
                <b>
                  {order.symbol} {order.type === 1 ? t('contract.rise') : t('contract.fall')} · {order.seconds}s
                </b>
              </div>
              <div>
                <span>{figures.unit(t('contract.amount'))}</span>
                <b>{figures.money(order.number)}</b>
              </div>
              <div>
                <span>{t('contract.openPrice')}</span>
                <b>
                  {figures.price(order.open_price)} · {clock(order.opened_at)}
                </b>
              </div>
              <div>
                <span>{t('contract.endPrice')}</span>
                <b>
                  {figures.price(order.end_price)} · {clock(order.complete_time ?? order.expires_at)}
                </b>
              </div>
              <div>
                <span>{figures.unit(t('contract.payout'))}</span>
                <b>{figures.money(order.payout)}</b>
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
