/**
 * Contract tab: pick a market with contracts, go long or short at market or
 * at a limit, choose lots and leverage, see notional, margin, fee and the lever
 * balance before confirming; then the position lists. Visitors see prices and
 * a login button. While the app is offline an order is not sent: the form says
 * so and keeps what was typed.
 */
import { Button, Dialog, Input, Selector } from 'antd-mobile';
import { FileOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { OfflineNote, useOfflineAction } from '../../../components/OfflineNote';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { TabHeader } from '../../../components/TabHeader';
import { useCoinPlaces } from '../../../shared/funds/api';
import { formatCoin, formatDecimal, formatPrice, PLACEHOLDER } from '../../../lib/format';
import { loginRouteFor } from '../../../lib/navigation';
import { selectToken } from '../../../lib/session';
import { useRealtime } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import {
  useGetContractMarketsQuery,
  useGetLeverDealQuery,
  useLeverSetStopMutation,
  useLeverSubmitMutation,
  type LeverDeal,
  type MarketRow,
} from '../api';
import { ContractLists } from '../components/ContractLists';
import { LotStepper } from '../components/LotStepper';
import { MarketBar } from '../components/MarketBar';
import { TransferDialog } from '../components/TransferDialog';
import { compareDecimal, contractQuote, isAmount, ratioPercent } from '../logic';
import { CONTRACT_ROUTES } from '../paths';
import '../contract.css';

type Side = 1 | 2;
type Kind = 'market' | 'limit';

function ConfirmRow({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <span>{label}</span>
      <b>{value}</b>
    </div>
  );
}

function OrderForm({ market, deal, loggedIn }: { market: MarketRow; deal: LeverDeal; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [side, setSide] = useState<Side>(1);
  const [kind, setKind] = useState<Kind>('market');
  const [limitPrice, setLimitPrice] = useState('');
  const [lots, setLots] = useState<number>(deal.min_share || 1);
  const [multiple, setMultiple] = useState<number>(deal.multiple.includes(10) ? 10 : (deal.multiple[0] ?? 1));
  const [tp, setTp] = useState('');
  const [sl, setSl] = useState('');
  const [transferOpen, setTransferOpen] = useState(false);
  const [submit, { isLoading: submitting }] = useLeverSubmitMutation();
  const [setStop] = useLeverSetStopMutation();
  const offline = useOfflineAction();

  const price = kind === 'market' ? market.now_price : limitPrice.trim();
  const quote = useMemo(
    () => contractQuote(price, lots, deal.lever_share_num, multiple, deal.lever_trade_fee),
    [price, lots, deal.lever_share_num, multiple, deal.lever_trade_fee],
  );
  const coin = market.legal_name || 'USDT';
  const places = useCoinPlaces()(coin);
  const money = (value: string) => formatCoin(value, places);
  // A typed price is confirmed as typed (grouped), never cut: it is what is sent.
  const typed = (value: string) => formatDecimal(value.trim());
  const low = loggedIn && quote !== null && compareDecimal(deal.lever_balance, quote.cost) === -1;
  const base = market.currency_name || market.symbol.split('/')[0];

  const open = async () => {
    if (!loggedIn) {
      navigate(loginRouteFor(CONTRACT_ROUTES.contract));
      return;
    }
    if (kind === 'limit' && !isAmount(limitPrice)) {
      showToast(t('contract.enterPrice'));
      return;
    }
    if (!Number.isInteger(lots) || lots < deal.min_share || lots > deal.max_share) {
      showToast(t('contract.lotsRange', { min: deal.min_share, max: deal.max_share }));
      return;
    }
    if ((tp.trim() && !isAmount(tp)) || (sl.trim() && !isAmount(sl))) {
      showToast(t('contract.enterPrice'));
      return;
    }
    if (!quote) return;
    if (low) {
      showToast(t('contract.insufficient'));
      setTransferOpen(true);
      return;
    }
    if (offline.refuse()) return;
    const sideText = side === 1 ? t('contract.long') : t('contract.short');
    const ok = await Dialog.confirm({
      title: t('contract.confirmTitle'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
      content: (
        <div className="ct-confirm" data-testid="ct-confirm">
          <ConfirmRow label={t('contract.market')} value={market.symbol} />
          <ConfirmRow label={t('contract.direction')} value={`${sideText} ${multiple}×`} />
          <ConfirmRow
            label={t('contract.orderType')}
            value={kind === 'market' ? t('contract.marketOrder') : `${t('contract.limitOrder')} ${typed(limitPrice)}`}
          />
          <ConfirmRow label={t('contract.lots')} value={`${lots} (${money(quote.notional)} ${coin})`} />
          <ConfirmRow label={t('contract.margin')} value={`${money(quote.margin)} ${coin}`} />
          <ConfirmRow label={t('contract.fee')} value={`${money(quote.fee)} ${coin}`} />
          {tp.trim() || sl.trim() ? (
            <ConfirmRow
              label={t('contract.tpsl')}
              value={`${tp.trim() ? typed(tp) : PLACEHOLDER} / ${sl.trim() ? typed(sl) : PLACEHOLDER}`}
            />
          ) : null}
          {kind === 'market' ? <p className="hint">{t('contract.marketHint')}</p> : null}
        </div>
      ),
    });
    if (!ok || offline.refuse()) return;
    try {
      const order = await submit({
        match_id: market.match_id,
        type: side,
        status: kind === 'market' ? 1 : 0,
        target_price: kind === 'limit' ? limitPrice.trim() : undefined,
        share: lots,
        multiple,
      }).unwrap();
      showToast(t(order.status === 0 ? 'contract.limitPlaced' : 'contract.opened'), 'success');
      if ((tp.trim() || sl.trim()) && order.status === 1) {
        try {
          await setStop({ id: order.id, target_profit_price: tp.trim() || '0', stop_loss_price: sl.trim() || '0' }).unwrap();
        } catch {
          // The server's reason was shown; the position stays open without stops.
        }
      }
      setTp('');
      setSl('');
    } catch (e) {
      // The server's message was shown (or, with no connection, the note under the button);
      // the form keeps what was typed.
      offline.failed(e);
    }
  };

  return (
    <div className="card" data-testid="ct-form">
      <div className="ct-side">
        <button type="button" className={`long ${side === 1 ? 'on' : ''}`} onClick={() => setSide(1)} data-testid="ct-long">
          {t('contract.openLong')}
        </button>
        <button type="button" className={`short ${side === 2 ? 'on' : ''}`} onClick={() => setSide(2)} data-testid="ct-short">
          {t('contract.openShort')}
        </button>
      </div>

      <div className="ct-field">
        <Selector
          columns={2}
          value={[kind]}
          onChange={(v) => v[0] && setKind(v[0] as Kind)}
          options={[
            { label: t('contract.marketOrder'), value: 'market' },
            { label: t('contract.limitOrder'), value: 'limit', disabled: !deal.limit_orders },
          ]}
        />
      </div>

      {kind === 'limit' ? (
        <div className="ct-field">
          <div className="ct-label">
            <span>{t('contract.limitPrice')}</span>
          </div>
          <div className="ct-input">
            <Input
              data-testid="ct-limit-price"
              value={limitPrice}
              onChange={setLimitPrice}
              inputMode="decimal"
              placeholder={formatPrice(market.now_price, deal.tick)}
            />
            <span className="ct-input-unit">{coin}</span>
          </div>
        </div>
      ) : null}

      <div className="ct-field">
        <div className="ct-label">
          <span>{t('contract.lots')}</span>
          <span>{t('contract.lotSize', { size: formatDecimal(deal.lever_share_num), coin: base })}</span>
        </div>
        <LotStepper
          testId="ct-lots"
          label={t('contract.lots')}
          min={deal.min_share}
          max={deal.max_share}
          value={lots}
          onChange={setLots}
        />
      </div>

      <div className="ct-field">
        <div className="ct-label">
          <span>{t('contract.leverage')}</span>
        </div>
        <Selector
          data-testid="ct-multiple"
          columns={Math.min(deal.multiple.length, 5)}
          value={[multiple]}
          onChange={(v) => v[0] && setMultiple(v[0])}
          options={deal.multiple.map((m) => ({ label: `${m}×`, value: m }))}
        />
      </div>

      {kind === 'market' ? (
        <div className="ct-field ct-two">
          <div>
            <div className="ct-label">
              <span>{t('contract.takeProfit')}</span>
            </div>
            <div className="ct-input">
              <Input data-testid="ct-tp" value={tp} onChange={setTp} inputMode="decimal" placeholder={t('contract.optional')} />
            </div>
          </div>
          <div>
            <div className="ct-label">
              <span>{t('contract.stopLoss')}</span>
            </div>
            <div className="ct-input">
              <Input data-testid="ct-sl" value={sl} onChange={setSl} inputMode="decimal" placeholder={t('contract.optional')} />
            </div>
          </div>
        </div>
      ) : null}

      <div className="ct-summary" data-testid="ct-summary">
        <div>
          <span>{`${t('contract.notional')}(${coin})`}</span>
          <b data-testid="ct-notional">{quote ? money(quote.notional) : PLACEHOLDER}</b>
        </div>
        <div>
          <span>{`${t('contract.margin')}(${coin})`}</span>
          <b data-testid="ct-margin">{quote ? money(quote.margin) : PLACEHOLDER}</b>
        </div>
        <div>
          <span>{`${t('contract.fee')}(${coin})`}</span>
          <b data-testid="ct-fee">{quote ? money(quote.fee) : PLACEHOLDER}</b>
        </div>
        <div>
          <span>{t('contract.feeRate')}</span>
          <b>{ratioPercent(deal.lever_trade_fee)}</b>
        </div>
      </div>

      {loggedIn ? (
        <div className={`ct-balance ${low ? 'low' : ''}`}>
          <span className="ellipsis">
            {t('contract.leverAvailable')} <b data-testid="ct-balance" data-live>{money(deal.lever_balance)}</b> {coin}
          </span>
          <button type="button" className="ct-link" onClick={() => setTransferOpen(true)} data-testid="ct-transfer">
            {t('contract.transferIn')}
          </button>
        </div>
      ) : null}

      {loggedIn ? (
        <>
          <Button
            block
            className={`ct-submit ${side === 1 ? 'long' : 'short'}`}
            loading={submitting}
            onClick={open}
            data-testid="ct-submit"
          >
            {side === 1 ? t('contract.openLong') : t('contract.openShort')}
          </Button>
          <OfflineNote shown={offline.refused} />
        </>
      ) : (
        <div className="ct-visitor">
          <p>{t('contract.visitorHint')}</p>
          <Button block color="primary" onClick={open} data-testid="ct-login">
            {t('contract.login')}
          </Button>
        </div>
      )}
      {loggedIn ? (
        <TransferDialog visible={transferOpen} onClose={() => setTransferOpen(false)} toField={3} currencyId={deal.legal_id} coin={coin} />
      ) : null}
    </div>
  );
}

export default function ContractTradePage() {
  const { t } = useTranslation();
  useRealtime();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const markets = useGetContractMarketsQuery();
  const lever = useMemo(() => (markets.data ?? []).filter((m) => m.open_lever), [markets.data]);
  const [matchId, setMatchId] = useState<number | null>(null);
  const market = lever.find((m) => m.match_id === matchId) ?? lever[0];
  const deal = useGetLeverDealQuery({ match_id: market?.match_id ?? 0, token }, { skip: !market });

  let body;
  if (markets.isLoading || (market && deal.isLoading)) body = <LoadingBlock />;
  else if (markets.isError && !markets.data) body = <ErrorState onRetry={markets.refetch} />;
  else if (!market) body = <EmptyState title={t('contract.noMarkets')} />;
  else if (deal.isError && !deal.data) body = <ErrorState onRetry={deal.refetch} />;
  else if (deal.data)
    body = (
      <>
        <MarketBar markets={lever} current={market} onPick={(m) => setMatchId(m.match_id)} />
        <OrderForm key={market.match_id} market={market} deal={deal.data} loggedIn={Boolean(token)} />
        {token ? <ContractLists /> : null}
      </>
    );

  return (
    <div className="tab-page ct-page" data-testid="contract-page">
      <TabHeader
        title={t('tabs.contract')}
        right={
          <div className="ct-header-actions">
            <button
              type="button"
              className="ct-pill"
              onClick={() => navigate(`${CONTRACT_ROUTES.options}?symbol=${encodeURIComponent(market?.symbol ?? 'BTC/USDT')}`)}
              data-testid="ct-to-options"
            >
              {t('contract.options')}
            </button>
            {token ? (
              <button type="button" className="ct-icon-btn" aria-label={t('contract.allHistory')} onClick={() => navigate(CONTRACT_ROUTES.order)}>
                <FileOutline />
              </button>
            ) : null}
            <button
              type="button"
              className="ct-icon-btn"
              aria-label={t('contract.help')}
              onClick={() => navigate(CONTRACT_ROUTES.help)}
              data-testid="ct-help"
            >
              <QuestionCircleOutline />
            </button>
          </div>
        }
      />
      {body}
    </div>
  );
}
