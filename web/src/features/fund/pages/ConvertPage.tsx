/**
 * Coin-to-coin conversion on the spot account: from and to coins with a swap,
 * the amount, a live quote (500 ms after typing stops) with the rate, the fee
 * and what arrives, then a confirmation.
 */
import { Dialog, Form, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetWalletListQuery, type Coin } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { SwapVerticalIcon } from '../components/SwapIcons';
import { QueryBlock } from '../../../components/QueryBlock';
import { useRequestId } from '../requestId';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { DEBOUNCE_MS } from '../../../lib/constants';
import { coinPlaces, formatCoin, formatDecimal, multiplyDecimal } from '../../../lib/format';
import { useDelayedFlag } from '../../../lib/useDelayedFlag';
import { showToast } from '../../../lib/toast';
import { useConvertMutation, useGetConversionCoinsQuery, useGetConversionQuoteQuery } from '../api';
import { AmountInput } from '../components/AmountInput';
import { amountRule } from '../components/formRules';
import { availableOf, checkAmount, truncateDecimal } from '../logic';
import '../../../shared/funds/styles.css';

const USDT_ID = 3;
const BTC_ID = 1;
const SPOT = 2;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function CoinButton({ coin, label, onClick, testId }: { coin: Coin; label: string; onClick: () => void; testId: string }) {
  return (
    <button type="button" className="funds-fromto-row" onClick={onClick} data-testid={testId}>
      <span className="funds-fromto-label">{label}</span>
      <CoinIcon src={coin.image} name={coin.name} size={24} />
      <strong className="ellipsis" data-testid={`${testId}-value`}>
        {coin.name}
      </strong>
      <DownOutline />
    </button>
  );
}

export default function ConvertPage() {
  const { t } = useTranslation();
  const list = useGetConversionCoinsQuery();
  const wallet = useGetWalletListQuery(undefined, { refetchOnMountOrArgChange: true });
  const [fromId, setFromId] = useState(USDT_ID);
  const [toId, setToId] = useState(BTC_ID);
  const [picker, setPicker] = useState<'from' | 'to' | null>(null);
  const [form] = Form.useForm<{ amount: string }>();
  const amount = ((Form.useWatch('amount', form) as string | undefined) ?? '').trim();
  const [convert, { isLoading: converting }] = useConvertMutation();
  const requestIds = useRequestId();

  const coins = list.data?.currencies ?? [];
  const from = coins.find((c) => c.id === fromId) ?? coins[0];
  const to = coins.find((c) => c.id === toId && c.id !== from?.id) ?? coins.find((c) => c.id !== from?.id);
  const available = from ? availableOf(wallet.data, SPOT, from.id) : '0';
  const amountOk = from ? checkAmount(amount, { decimals: from.decimals }) === null : false;
  const quoteArgs = from && to && amountOk ? { from_currency_id: from.id, to_currency_id: to.id, number: truncateDecimal(amount, from.decimals) } : null;
  const settledArgs = useDebounced(quoteArgs, DEBOUNCE_MS);
  const settled = JSON.stringify(settledArgs) === JSON.stringify(quoteArgs) ? settledArgs : null;
  const quote = useGetConversionQuoteQuery(settled ?? { from_currency_id: 0, to_currency_id: 0, number: '0' }, {
    skip: !settled,
  });
  const quoteShown = settled && quote.data && !quote.isError ? quote.data : null;
  const quoting = useDelayedFlag(Boolean(quoteArgs) && (!settled || quote.isFetching), 300);

  const swap = () => {
    if (!from || !to) return;
    setFromId(to.id);
    setToId(from.id);
    form.setFields([{ name: 'amount', errors: [] }]);
  };

  const pick = (side: 'from' | 'to', id: number) => {
    if (!from || !to) return;
    if ((side === 'from' && id === to.id) || (side === 'to' && id === from.id)) swap();
    else if (side === 'from') setFromId(id);
    else setToId(id);
    form.setFields([{ name: 'amount', errors: [] }]);
  };

  const onFinish = async ({ amount: typed }: { amount: string }) => {
    if (!from || !to) return;
    const args = { from_currency_id: from.id, to_currency_id: to.id, number: truncateDecimal(typed.trim(), from.decimals) };
    const ok = await Dialog.confirm({
      title: t('fund.convert.confirmTitle'),
      content: (
        <div className="funds-confirm" data-testid="convert-confirm">
          <div>
            <span>{t('fund.convert.pay')}</span>
            <strong>
              {formatDecimal(args.number)} {from.name}
            </strong>
          </div>
          {quoteShown ? (
            <>
              <div>
                <span>{t('fund.convert.fee')}</span>
                <strong>
                  {formatCoin(quoteShown.fee, coinPlaces(from))} {from.name}
                </strong>
              </div>
              <div>
                <span>{t('fund.convert.receiveEstimate')}</span>
                <strong>
                  ≈ {formatCoin(quoteShown.receive, coinPlaces(to))} {to.name}
                </strong>
              </div>
            </>
          ) : null}
          <p className="hint">{t('fund.convert.priceMoves')}</p>
        </div>
      ),
      confirmText: t('fund.convert.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      const done = await convert({ ...args, request_id: requestIds.keyFor(args) }).unwrap();
      requestIds.done();
      showToast(t('fund.convert.done', { amount: formatCoin(done.receive, coinPlaces(to)), coin: to.name }), 'success');
      form.resetFields();
    } catch {
      // Told by the base query; the amount stays.
    }
  };

  return (
    <PageShell backTo={FUNDS_ROUTES.assets} className="funds">
      <PageHeading title={t('fund.convert.title')} subtitle={t('fund.convert.subtitle')} />
      <QueryBlock isLoading={list.isLoading} isError={list.isError && !list.data} onRetry={list.refetch} empty={!from || !to}>
        {from && to ? (
          <>
            <section className="card funds-fromto">
              <div className="funds-fromto-rows">
                <CoinButton coin={from} label={t('fund.transfer.from')} onClick={() => setPicker('from')} testId="convert-from" />
                <CoinButton coin={to} label={t('fund.transfer.to')} onClick={() => setPicker('to')} testId="convert-to" />
              </div>
              <button type="button" className="funds-swap" onClick={swap} aria-label={t('fund.transfer.swap')} data-testid="convert-swap">
                <SwapVerticalIcon fontSize={20} />
              </button>
            </section>

            <Form
              form={form}
              layout="vertical"
              className="dark-form"
              validateTrigger="onBlur"
              onFinish={onFinish}
            >
              <Form.Item
                name="amount"
                label={t('fund.amount')}
                rules={[amountRule(t, () => ({ decimals: from.decimals, max: available }))]}
                description={t('fund.availableAmount', { amount: wallet.data ? formatCoin(available, coinPlaces(from)) : '--', coin: from.name })}
              >
                <AmountInput
                  placeholder={t('fund.amountPlaceholder')}
                  unit={from.name}
                  onAll={() => form.setFieldsValue({ amount: truncateDecimal(available, from.decimals) })}
                  testId="convert-amount"
                />
              </Form.Item>
            </Form>

            <section className="card funds-quote" data-testid="convert-quote" aria-live="polite">
              <div>
                <span>{t('fund.convert.rate')}</span>
                <strong>{quoteShown ? `1 ${from.name} ≈ ${formatCoin(quoteShown.rate, coinPlaces(to))} ${to.name}` : '--'}</strong>
              </div>
              <div>
                <span>{t('fund.convert.fee')}</span>
                <strong>
                  {quoteShown ? `${formatCoin(quoteShown.fee, coinPlaces(from))} ${from.name}` : '--'}
                  {list.data ? <em className="hint"> ({t('fund.convert.feeRate', { rate: formatDecimal(multiplyDecimal(list.data.fee_rate, '100')) })})</em> : null}
                </strong>
              </div>
              <div className="funds-facts-strong">
                <span>{t('fund.convert.receiveEstimate')}</span>
                <strong data-testid="convert-receive">{quoteShown ? `≈ ${formatCoin(quoteShown.receive, coinPlaces(to))} ${to.name}` : '--'}</strong>
              </div>
              {quoting ? <p className="hint">{t('fund.convert.quoting')}</p> : null}
              {settled && quote.isError ? (
                <p className="funds-reason" data-testid="convert-quote-error">
                  {quote.error && 'message' in quote.error && quote.error.message ? quote.error.message : t('fund.convert.quoteFailed')}
                </p>
              ) : null}
            </section>

            <div className="page-actions">
              <SubmitButton type="button" busy={converting} onClick={() => form.submit()} testId="convert-submit">
                {t('fund.convert.submit')}
              </SubmitButton>
            </div>

            <Picker
              visible={picker !== null}
              onClose={() => setPicker(null)}
              title={picker === 'to' ? t('fund.transfer.to') : t('fund.transfer.from')}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
              columns={[coins.map((c) => ({ label: c.name, value: String(c.id) }))]}
              value={[String(picker === 'to' ? to.id : from.id)]}
              onConfirm={(v) => {
                if (picker && v[0]) pick(picker, Number(v[0]));
              }}
            />
          </>
        ) : null}
      </QueryBlock>
    </PageShell>
  );
}
