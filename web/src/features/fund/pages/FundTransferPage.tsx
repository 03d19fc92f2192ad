/**
 * Transfer between the user's own accounts (fiat, spot, futures, options):
 * from and to pickers with a swap, the coin, the amount (or all of it).
 */
import { Form, Picker } from 'antd-mobile';
import { DownOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetFundCurrenciesQuery, useGetWalletListQuery } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { SwapVerticalIcon } from '../components/SwapIcons';
import { QueryBlock } from '../../../components/QueryBlock';
import { useRequestId } from '../requestId';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { coinPlaces, formatCoin } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useTransferBetweenAccountsMutation } from '../api';
import { AmountInput } from '../components/AmountInput';
import { amountRule } from '../components/formRules';
import { ACCOUNTS, availableOf, isAccountId, truncateDecimal, type AccountId } from '../logic';
import '../../../shared/funds/styles.css';

const USDT_ID = 3;

function accountParam(value: string | null, fallback: AccountId): AccountId {
  const n = Number(value);
  return isAccountId(n) ? n : fallback;
}

export default function FundTransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const coins = useGetFundCurrenciesQuery();
  const wallet = useGetWalletListQuery(undefined, { refetchOnMountOrArgChange: true });
  const initialFrom = accountParam(params.get('from'), 2);
  const [from, setFrom] = useState<AccountId>(initialFrom);
  const [to, setTo] = useState<AccountId>(accountParam(params.get('to'), initialFrom === 3 ? 2 : 3));
  const [currencyId, setCurrencyId] = useState<number>(Number(params.get('currency')) || USDT_ID);
  const [picker, setPicker] = useState<'from' | 'to' | 'coin' | null>(null);
  const [form] = Form.useForm<{ amount: string }>();
  const [transfer, { isLoading }] = useTransferBetweenAccountsMutation();
  const requestIds = useRequestId();

  const coin = coins.data?.find((c) => c.id === currencyId) ?? coins.data?.[0];
  const available = coin ? availableOf(wallet.data, from, coin.id) : '0';
  const accountLabel = (id: AccountId) => t(`fund.accounts.${ACCOUNTS.find((a) => a.id === id)?.name ?? 'change'}`);
  const accountColumns = [ACCOUNTS.map((a) => ({ label: t(`fund.accounts.${a.name}`), value: String(a.id) }))];

  const pickAccount = (side: 'from' | 'to', id: AccountId) => {
    const other = side === 'from' ? to : from;
    const current = side === 'from' ? from : to;
    // Choosing the other side's account swaps the two, so they never match.
    if (id === other) {
      setFrom(side === 'from' ? id : current);
      setTo(side === 'from' ? current : id);
    } else if (side === 'from') setFrom(id);
    else setTo(id);
    form.setFields([{ name: 'amount', errors: [] }]);
  };

  const swap = () => {
    setFrom(to);
    setTo(from);
    form.setFields([{ name: 'amount', errors: [] }]);
  };

  const onFinish = async ({ amount }: { amount: string }) => {
    if (!coin) return;
    try {
      const request = {
        currency_id: coin.id,
        number: truncateDecimal(amount.trim(), coin.decimals),
        from_field: ACCOUNTS.find((a) => a.id === from)?.name ?? 'change',
        to_field: ACCOUNTS.find((a) => a.id === to)?.name ?? 'lever',
      };
      await transfer({ ...request, request_id: requestIds.keyFor(request) }).unwrap();
      requestIds.done();
      showToast(t('fund.transfer.done'), 'success');
      form.resetFields();
    } catch {
      // Told by the base query; the amount stays.
    }
  };

  return (
    <PageShell
      backTo={FUNDS_ROUTES.assets}
      className="funds"
      right={
        <button type="button" className="icon-button" onClick={() => navigate(FUNDS_ROUTES.transferHistory)} aria-label={t('fund.transfer.history')} data-testid="transfer-history">
          <UnorderedListOutline fontSize={22} />
        </button>
      }
    >
      <PageHeading title={t('fund.transfer.title')} subtitle={t('fund.transfer.subtitle')} />
      <QueryBlock isLoading={coins.isLoading} isError={coins.isError && !coins.data} onRetry={coins.refetch} empty={!coin}>
        {coin ? (
          <>
            <section className="card funds-fromto">
              <div className="funds-fromto-rows">
                <button type="button" className="funds-fromto-row" onClick={() => setPicker('from')} data-testid="transfer-from">
                  <span className="funds-fromto-label">{t('fund.transfer.from')}</span>
                  <strong className="ellipsis" data-testid="transfer-from-value">{accountLabel(from)}</strong>
                  <DownOutline />
                </button>
                <button type="button" className="funds-fromto-row" onClick={() => setPicker('to')} data-testid="transfer-to">
                  <span className="funds-fromto-label">{t('fund.transfer.to')}</span>
                  <strong className="ellipsis" data-testid="transfer-to-value">{accountLabel(to)}</strong>
                  <DownOutline />
                </button>
              </div>
              <button type="button" className="funds-swap" onClick={swap} aria-label={t('fund.transfer.swap')} data-testid="transfer-swap">
                <SwapVerticalIcon fontSize={20} />
              </button>
            </section>

            <div className="funds-label">{t('fund.coin')}</div>
            <button type="button" className="funds-select" onClick={() => setPicker('coin')} data-testid="transfer-coin">
              <CoinIcon src={coin.image} name={coin.name} size={26} />
              <strong>{coin.name}</strong>
              <span className="funds-select-sub ellipsis">{coin.subName}</span>
              <DownOutline />
            </button>

            <Form
              form={form}
              layout="vertical"
              className="dark-form"
              validateTrigger="onBlur"
              onFinish={onFinish}
              footer={
                <SubmitButton busy={isLoading} testId="transfer-submit">
                  {t('fund.transfer.submit')}
                </SubmitButton>
              }
            >
              <Form.Item
                name="amount"
                label={t('fund.amount')}
                rules={[amountRule(t, () => ({ decimals: coin.decimals, max: available }))]}
                description={
                  <span data-testid="transfer-available">
                    {t('fund.availableAmount', { amount: wallet.data ? formatCoin(available, coinPlaces(coin)) : '--', coin: coin.name })}
                  </span>
                }
              >
                <AmountInput
                  placeholder={t('fund.amountPlaceholder')}
                  unit={coin.name}
                  onAll={() => form.setFieldsValue({ amount: truncateDecimal(available, coin.decimals) })}
                  testId="transfer-amount"
                />
              </Form.Item>
            </Form>

            <Picker
              visible={picker === 'from' || picker === 'to'}
              onClose={() => setPicker(null)}
              title={picker === 'to' ? t('fund.transfer.to') : t('fund.transfer.from')}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
              columns={accountColumns}
              value={[String(picker === 'to' ? to : from)]}
              onConfirm={(v) => {
                const id = Number(v[0]);
                if (picker && picker !== 'coin' && isAccountId(id)) pickAccount(picker, id);
              }}
            />
            <Picker
              visible={picker === 'coin'}
              onClose={() => setPicker(null)}
              title={t('fund.coin')}
              confirmText={t('common.confirm')}
              cancelText={t('common.cancel')}
              columns={[(coins.data ?? []).map((c) => ({ label: c.name, value: String(c.id) }))]}
              value={[String(coin.id)]}
              onConfirm={(v) => {
                if (v[0]) setCurrencyId(Number(v[0]));
                form.setFields([{ name: 'amount', errors: [] }]);
              }}
            />
          </>
        ) : null}
      </QueryBlock>
    </PageShell>
  );
}
