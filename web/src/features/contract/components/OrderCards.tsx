/** Cards of the contract lists: a holding position, a pending limit order and a closed order. */
import { Button, Dialog, Tag } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent, PLACEHOLDER, signed, trendColor } from '../../../lib/format';
import type { LeverOrder } from '../api';
import { useContractFigures } from '../figures';
import { copyState, isCloseReason, lotsOf, riskTone, RISK_COLORS } from '../logic';

function Cell({ label, children, testId, color }: { label: ReactNode; children: ReactNode; testId?: string; color?: string }) {
  return (
    <div>
      <span>{label}</span>
      <b data-testid={testId} style={color ? { color } : undefined}>
        {children}
      </b>
    </div>
  );
}

/** The risk rate's label, which explains on a tap how it is computed and what it means. */
function RiskLabel() {
  const { t } = useTranslation();
  const explain = () =>
    Dialog.alert({
      title: t('contract.helpPage.risk.title'),
      content: (
        <div className="ct-risk-help" data-testid="ct-risk-help">
          <p>{t('contract.helpPage.risk.formula')}</p>
          <p>{t('contract.helpPage.risk.text')}</p>
          <p>{t('contract.helpPage.liquidation.formula')}</p>
        </div>
      ),
      confirmText: t('common.gotIt'),
    });
  return (
    <button type="button" className="ct-risk-label" onClick={explain} data-testid="ct-risk-explain">
      {t('contract.riskRate')} <QuestionCircleOutline />
    </button>
  );
}


function Title({ order }: { order: LeverOrder }) {
  const { t } = useTranslation();
  const long = order.type === 1;
  const copy = copyState(order);
  return (
    <div className="ct-order-title">
      <span className="ellipsis">{order.symbol}</span>
      <Tag color={long ? 'success' : 'danger'} fill="outline">
        {long ? t('contract.long') : t('contract.short')} {order.multiple}×
      </Tag>
      {copy !== 'none' && (
        <Tag color={copy === 'own' ? 'default' : 'warning'} fill="outline" data-testid="ct-copy-tag">
          {copy === 'own' ? t('contract.copyOwn') : t('contract.copy')}
        </Tag>
      )}
    </div>
  );
}

export function PositionCard({ order, onClose, onStops }: { order: LeverOrder; onClose: () => void; onStops: () => void }) {
  const { t } = useTranslation();
  const risk = order.risk_rate ? formatPercent(order.risk_rate, 2) : PLACEHOLDER;
  const { unit, price, money } = useContractFigures(order.symbol);
  return (
    <div className="ct-order" data-testid="ct-position" data-id={order.id} data-live>
      <div className="ct-order-head">
        <Title order={order} />
        <div className="ct-order-profit" style={{ color: trendColor(order.profit) }} data-testid="ct-position-profit">
          {signed(money(order.profit))}
        </div>
      </div>
      <div className="ct-grid">
        <Cell label={t('contract.lots')}>{lotsOf(order)}</Cell>
        <Cell label={unit(t('contract.openPrice'))}>{price(order.price)}</Cell>
        <Cell label={unit(t('contract.markPrice'))}>{price(order.mark_price)}</Cell>
        <Cell label={unit(t('contract.margin'))}>{money(order.caution_money)}</Cell>
        <Cell label={unit(t('contract.fee'))}>{money(order.trade_fee)}</Cell>
        <Cell label={unit(t('contract.overnightFee'))}>{money(order.overnight_money)}</Cell>
        <Cell label={<RiskLabel />} testId="ct-position-risk" color={RISK_COLORS[riskTone(order.risk_rate) ?? 'safe']}>
          {risk}
        </Cell>
        <Cell label={unit(t('contract.liqPrice'))}>{price(order.force_close_price)}</Cell>
        <Cell label={t('contract.tpsl')} testId="ct-position-tpsl">
          {order.target_profit_price ? price(order.target_profit_price) : PLACEHOLDER} /{' '}
          {order.stop_loss_price ? price(order.stop_loss_price) : PLACEHOLDER}
        </Cell>
      </div>
      <div className="ct-order-foot">
        <span className="hint">{formatDateTime(order.opened_at)}</span>
        <Button size="mini" onClick={onStops} data-testid="ct-edit-tpsl">
          {t('contract.tpsl')}
        </Button>
        <Button size="mini" color="primary" onClick={onClose} data-testid="ct-close">
          {t('contract.close')}
        </Button>
      </div>
    </div>
  );
}

export function PendingCard({ order, onCancel }: { order: LeverOrder; onCancel: () => void }) {
  const { t } = useTranslation();
  const { unit, price, money } = useContractFigures(order.symbol);
  return (
    <div className="ct-order" data-testid="ct-pending">
      <div className="ct-order-head">
        <Title order={order} />
        <span className="hint">{t('contract.waiting')}</span>
      </div>
      <div className="ct-grid">
        <Cell label={unit(t('contract.limitPrice'))}>{price(order.target_price)}</Cell>
        <Cell label={t('contract.lots')}>{lotsOf(order)}</Cell>
        <Cell label={unit(t('contract.margin'))}>{money(order.caution_money)}</Cell>
      </div>
      <div className="ct-order-foot">
        <span className="hint">{formatDateTime(order.created_at)}</span>
        <Button size="mini" onClick={onCancel} data-testid="ct-cancel">
          {t('contract.cancelOrder')}
        </Button>
      </div>
    </div>
  );
}

export function HistoryCard({ order }: { order: LeverOrder }) {
  const { t } = useTranslation();
  const cancelled = order.status === 4;
  const { unit, price, money } = useContractFigures(order.symbol);
  const reason = cancelled
    ? t('contract.reason.cancelled')
    : isCloseReason(order.close_reason)
      ? t(`contract.reason.${order.close_reason}`)
      : PLACEHOLDER;
  return (
    <div className="ct-order" data-testid="ct-history">
      <div className="ct-order-head">
        <Title order={order} />
        <div className="ct-order-profit" style={{ color: trendColor(order.profit) }}>
          {cancelled ? PLACEHOLDER : signed(money(order.profit))}
        </div>
      </div>
      <div className="ct-grid">
        <Cell label={t('contract.lots')}>{lotsOf(order)}</Cell>
        <Cell label={unit(t('contract.openPrice'))}>{cancelled ? PLACEHOLDER : price(order.price)}</Cell>
        <Cell label={unit(t('contract.closePrice'))}>{price(order.close_price)}</Cell>
        <Cell label={unit(t('contract.margin'))}>{money(order.caution_money)}</Cell>
        <Cell label={unit(t('contract.fee'))}>{money(order.trade_fee)}</Cell>
        <Cell label={t('contract.closeReason')} testId="ct-history-reason">
          {reason}
        </Cell>
      </div>
      <div className="ct-order-foot">
        <span className="hint">{formatDateTime(order.closed_at ?? order.created_at)}</span>
      </div>
    </div>
  );
}
