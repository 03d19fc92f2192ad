/**
 * Withdrawal of one coin from the spot account: to a saved wallet address, a
 * domestic bank card or an international card; amount with the available
 * balance, the minimum and the fee, what arrives (amount − fee), and the
 * 6-digit payment password. Needs identity verification level 1: the page
 * says so up front, and a 998 answer sends the user to verification anyway.
 */
import { Button, Form, Tabs } from 'antd-mobile';
import { AddOutline, BillOutline, CheckCircleFill, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import {
  useGetBankCardQuery,
  useGetFundCurrenciesQuery,
  useGetRealStateQuery,
  useGetSavedAddressesQuery,
  type BankKind,
} from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { QueryBlock } from '../../../components/QueryBlock';
import { useRequestId } from '../requestId';
import { FUNDS_ROUTES, selectRoute } from '../../../shared/funds/routes';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageShell } from '../../../components/PageShell';
import { PasswordInput } from '../../../components/PasswordInput';
import { ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { useGetUserInfoQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { ruleOf } from '../../../lib/formRules';
import { selectUser } from '../../../lib/session';
import { coinPlaces, formatCoin } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { checkPayPassword } from '../../../lib/validators';
import { useGetCoinBalanceQuery, useWithdrawMutation } from '../api';
import { AmountInput } from '../components/AmountInput';
import { CoinChoice } from '../components/CoinChoice';
import { amountRule } from '../components/formRules';
import { coinView, receiveAfterFee, truncateDecimal } from '../logic';
import '../../../shared/funds/styles.css';

type WithdrawType = 0 | 1 | 2;

interface Values {
  amount: string;
  pay_password: string;
}

const TYPES: { type: WithdrawType; key: string }[] = [
  { type: 0, key: 'fund.withdraw.typeAddress' },
  { type: 1, key: 'fund.withdraw.typeBank' },
  { type: 2, key: 'fund.withdraw.typeInternational' },
];

function maskCard(value: string): string {
  const digits = value.replace(/\s+/g, '');
  return digits.length > 8 ? `${digits.slice(0, 4)} **** ${digits.slice(-4)}` : digits;
}

function BankChoice({ kind }: { kind: BankKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const card = useGetBankCardQuery(kind);
  const route = kind === 'international' ? FUNDS_ROUTES.bankInternational : FUNDS_ROUTES.bank;
  if (card.isLoading) return <LoadingBlock lines={2} title={false} />;
  if (card.isError) return <ErrorState onRetry={card.refetch} />;
  if (!card.data) {
    return (
      <div className="funds-missing" data-testid="withdraw-no-card">
        <span>{t('fund.withdraw.noCard')}</span>
        <Button size="small" color="primary" shape="rounded" onClick={() => navigate(route)}>
          {t('fund.withdraw.addCard')}
        </Button>
      </div>
    );
  }
  return (
    <button type="button" className="funds-dest active" onClick={() => navigate(route)} data-testid="withdraw-card">
      <span className="funds-dest-text">
        <strong className="ellipsis">{card.data.bank_name}</strong>
        <span className="ellipsis">
          {maskCard(card.data.bank_account)} · {card.data.real_name}
        </span>
      </span>
      <CheckCircleFill className="funds-dest-check" />
    </button>
  );
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const coins = useGetFundCurrenciesQuery();
  const view = coinView(params, coins.data);
  if (view.page) return <WithdrawForm />;
  return (
    <CoinChoice
      notFound={view.notFound}
      title={t('fund.select.withdrawTitle')}
      subtitle={t('fund.select.subtitle')}
      backTo={FUNDS_ROUTES.assets}
      fits={(c) => c.networks.length > 0}
      networks
      to={(c) => `${FUNDS_ROUTES.withdraw}?currency=${c.id}`}
    />
  );
}

function WithdrawForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency'));
  useGetUserInfoQuery();
  const user = useAppSelector(selectUser);
  const coins = useGetFundCurrenciesQuery();
  const coin = coins.data?.find((c) => c.id === currencyId && c.networks.length > 0);
  const balance = useGetCoinBalanceQuery({ currency: currencyId, type: 2 }, { skip: !coin, refetchOnMountOrArgChange: true });
  const real = useGetRealStateQuery(undefined, { refetchOnMountOrArgChange: true });
  const [type, setType] = useState<WithdrawType>(0);
  const addresses = useGetSavedAddressesQuery({ currency: currencyId }, { skip: !coin });
  const [addressId, setAddressId] = useState<number | null>(null);
  const [form] = Form.useForm<Values>();
  const amount = (Form.useWatch('amount', form) as string | undefined) ?? '';
  const [withdraw, { isLoading: sending }] = useWithdrawMutation();
  const requestIds = useRequestId();
  const bankCard = useGetBankCardQuery('domestic', { skip: type !== 1 });
  const intlCard = useGetBankCardQuery('international', { skip: type !== 2 });

  const available = balance.data?.available ?? '0';
  const saved = addresses.data ?? [];
  const chosen = saved.find((a) => a.id === addressId) ?? saved[0] ?? null;
  const verified = (real.data?.level ?? 0) >= 1;
  const receive = coin ? receiveAfterFee(amount, coin.withdraw_fee) : null;

  const onFinish = async (values: Values) => {
    if (!coin) return;
    if (real.data && !verified) {
      showToast(t('common.verifyFirst'));
      navigate(FUNDS_ROUTES.realMark);
      return;
    }
    if (type === 0 && !chosen) {
      showToast(t('fund.withdraw.chooseAddress'));
      return;
    }
    if ((type === 1 && !bankCard.data) || (type === 2 && !intlCard.data)) {
      showToast(t('fund.withdraw.noCard'));
      return;
    }
    try {
      const request = {
        currency: coin.id,
        number: truncateDecimal(values.amount.trim(), coin.decimals),
        type,
        address: type === 0 && chosen ? chosen.address : undefined,
        pay_password: values.pay_password,
      };
      await withdraw({ ...request, request_id: requestIds.keyFor(request) }).unwrap();
      requestIds.done();
      showToast(t('fund.withdraw.submitted'), 'success');
      navigate(FUNDS_ROUTES.withdrawRecord);
    } catch {
      // Told by the base query (a 998 goes to verification); the form keeps its values.
    }
  };

  const addAddress = () => navigate(`${FUNDS_ROUTES.addWallet}?currency=${currencyId}`);
  const notFound = coins.data && !coin;

  return (
    <PageShell
      backTo={selectRoute('withdraw')}
      className="funds"
      right={
        <button type="button" className="icon-button" onClick={() => navigate(FUNDS_ROUTES.withdrawRecord)} aria-label={t('fund.withdraw.records')} data-testid="withdraw-records">
          <BillOutline fontSize={22} />
        </button>
      }
    >
      <QueryBlock
        isLoading={coins.isLoading}
        isError={coins.isError && !coins.data}
        onRetry={coins.refetch}
        empty={Boolean(notFound)}
        emptyTitle={t('fund.coinUnavailable')}
      >
        {coin ? (
          <>
            <div className="funds-page-title">
              <CoinIcon src={coin.image} name={coin.name} size={32} />
              <h1>{t('fund.withdraw.title', { coin: coin.name })}</h1>
            </div>

            {real.data && !verified ? (
              <button type="button" className="funds-banner" onClick={() => navigate(FUNDS_ROUTES.real)} data-testid="withdraw-verify-banner">
                <ExclamationCircleOutline />
                <span>{t('fund.withdraw.needVerification')}</span>
              </button>
            ) : null}

            <Tabs activeKey={String(type)} onChange={(k) => setType(Number(k) as WithdrawType)} className="funds-tabs funds-type-tabs">
              {TYPES.map((x) => (
                <Tabs.Tab key={String(x.type)} title={<span data-testid={`withdraw-type-${x.type}`}>{t(x.key)}</span>} />
              ))}
            </Tabs>

            <div className="funds-dest-block" data-testid="withdraw-destination">
              {type === 0 ? (
                addresses.isLoading ? (
                  <LoadingBlock lines={2} title={false} />
                ) : addresses.isError ? (
                  <ErrorState onRetry={addresses.refetch} />
                ) : saved.length === 0 ? (
                  <div className="funds-missing" data-testid="withdraw-no-address">
                    <span>{t('fund.withdraw.noAddress', { coin: coin.name })}</span>
                    <Button size="small" color="primary" shape="rounded" onClick={addAddress}>
                      {t('fund.withdraw.addAddress')}
                    </Button>
                  </div>
                ) : (
                  <div className="funds-dest-list" role="radiogroup">
                    {saved.map((a) => (
                      <button
                        type="button"
                        role="radio"
                        aria-checked={chosen?.id === a.id}
                        key={a.id}
                        className={`funds-dest ${chosen?.id === a.id ? 'active' : ''}`}
                        onClick={() => setAddressId(a.id)}
                        data-testid={`withdraw-address-${a.id}`}
                      >
                        <span className="funds-dest-text">
                          <strong className="ellipsis">{a.name}</strong>
                          <span className="funds-break">{a.address}</span>
                        </span>
                        {chosen?.id === a.id ? <CheckCircleFill className="funds-dest-check" /> : null}
                      </button>
                    ))}
                    <button type="button" className="funds-link-button" onClick={addAddress}>
                      <AddOutline /> {t('fund.withdraw.addAddress')}
                    </button>
                  </div>
                )
              ) : (
                <BankChoice kind={type === 1 ? 'domestic' : 'international'} />
              )}
            </div>

            <Form
              form={form}
              layout="vertical"
              className="dark-form"
              validateTrigger="onBlur"
              onFinish={onFinish}
              footer={
                <SubmitButton busy={sending} testId="withdraw-submit">
                  {t('fund.withdraw.submit')}
                </SubmitButton>
              }
            >
              <Form.Item
                name="amount"
                label={t('fund.withdraw.amount')}
                rules={[amountRule(t, () => ({ decimals: coin.decimals, min: coin.withdraw_min, max: available }))]}
              >
                <AmountInput
                  placeholder={t('fund.withdraw.minPlaceholder', { min: formatCoin(coin.withdraw_min, coinPlaces(coin)) })}
                  unit={coin.name}
                  onAll={() => form.setFieldsValue({ amount: truncateDecimal(available, coin.decimals) })}
                  testId="withdraw-amount"
                />
              </Form.Item>
              <div className="funds-facts">
                <div>
                  <span>{t('fund.available')}</span>
                  <strong data-testid="withdraw-available">
                    {balance.data ? formatCoin(available, coinPlaces(coin)) : '--'} {coin.name}
                  </strong>
                </div>
                <div>
                  <span>{t('fund.withdraw.min')}</span>
                  <strong>
                    {formatCoin(coin.withdraw_min, coinPlaces(coin))} {coin.name}
                  </strong>
                </div>
                <div>
                  <span>{t('fund.withdraw.fee')}</span>
                  <strong>
                    {formatCoin(coin.withdraw_fee, coinPlaces(coin))} {coin.name}
                  </strong>
                </div>
                <div className="funds-facts-strong">
                  <span>{t('fund.withdraw.receive')}</span>
                  <strong data-testid="withdraw-receive">
                    {receive !== null ? formatCoin(receive, coinPlaces(coin)) : '--'} {coin.name}
                  </strong>
                </div>
              </div>
              {user && !user.has_pay_password ? (
                <button type="button" className="funds-banner" onClick={() => navigate(ROUTES.payPassword)} data-testid="withdraw-set-pay">
                  <ExclamationCircleOutline />
                  <span>{t('fund.withdraw.setPayPassword')}</span>
                </button>
              ) : null}
              <Form.Item name="pay_password" label={t('fund.withdraw.payPassword')} rules={[ruleOf(t, checkPayPassword)]}>
                <PasswordInput
                  placeholder={t('fund.withdraw.payPasswordPlaceholder')}
                  numeric
                  maxLength={6}
                  autoComplete="off"
                  testId="withdraw-pay-password"
                />
              </Form.Item>
            </Form>
          </>
        ) : null}
      </QueryBlock>
    </PageShell>
  );
}
