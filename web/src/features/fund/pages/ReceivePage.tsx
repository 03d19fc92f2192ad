/**
 * Deposit of one coin: pick the network, send to the platform's address (QR
 * and copy), then tell how much was sent with a payment voucher; the request
 * waits for review and the amount is credited to the spot account.
 */
import { Button, Form } from 'antd-mobile';
import { BillOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGetFundCurrenciesQuery } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { QrCode } from '../../../components/QrCode';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES, selectRoute } from '../../../shared/funds/routes';
import { PictureUpload } from '../../../shared/funds/PictureUpload';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageShell } from '../../../components/PageShell';
import { ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { copyText } from '../../../lib/clipboard';
import { showToast } from '../../../lib/toast';
import { useGetDepositAddressQuery, useRequestDepositMutation } from '../api';
import { AmountInput } from '../components/AmountInput';
import { CoinChoice } from '../components/CoinChoice';
import { amountRule, requiredRule } from '../components/formRules';
import { coinView, truncateDecimal } from '../logic';
import '../../../shared/funds/styles.css';

interface Values {
  amount: string;
  voucher: string;
}

export default function ReceivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const coins = useGetFundCurrenciesQuery();
  const view = coinView(params, coins.data);
  if (view.page) return <ReceiveForm />;
  return (
    <CoinChoice
      notFound={view.notFound}
      title={t('fund.select.depositTitle')}
      subtitle={t('fund.select.subtitle')}
      backTo={FUNDS_ROUTES.assets}
      fits={(c) => c.networks.length > 0}
      networks
      to={(c) => `${FUNDS_ROUTES.receive}?currency=${c.id}`}
    />
  );
}

function ReceiveForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency'));
  const coins = useGetFundCurrenciesQuery();
  const coin = coins.data?.find((c) => c.id === currencyId && c.networks.length > 0);
  const [picked, setPicked] = useState<string | null>(null);
  const network = coin ? (picked && coin.networks.includes(picked) ? picked : coin.networks[0]) : null;
  const address = useGetDepositAddressQuery({ currency: currencyId, network: network ?? undefined }, { skip: !coin || !network });
  const [form] = Form.useForm<Values>();
  const [deposit, { isLoading: sending }] = useRequestDepositMutation();

  const copy = async () => {
    if (!address.data) return;
    const ok = await copyText(address.data.address);
    showToast(t(ok ? 'fund.receive.copied' : 'fund.receive.copyFailed'), ok ? 'success' : 'fail');
  };

  const onFinish = async (values: Values) => {
    if (!coin || !network) return;
    try {
      await deposit({
        currency: coin.id,
        network,
        amount: truncateDecimal(values.amount.trim(), coin.decimals),
        voucher: values.voucher,
      }).unwrap();
      showToast(t('fund.receive.submitted'), 'success');
      form.resetFields();
      navigate(FUNDS_ROUTES.receiveRecord);
    } catch {
      // Told by the base query; the form keeps what was typed.
    }
  };

  const notFound = coins.data && !coin;

  return (
    <PageShell
      backTo={selectRoute('recharge')}
      className="funds"
      right={
        <button type="button" className="icon-button" onClick={() => navigate(FUNDS_ROUTES.receiveRecord)} aria-label={t('fund.receive.records')} data-testid="receive-records">
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
        {coin && network ? (
          <>
            <div className="funds-page-title">
              <CoinIcon src={coin.image} name={coin.name} size={32} />
              <h1>{t('fund.receive.title', { coin: coin.name })}</h1>
            </div>

            <div className="funds-label">{t('fund.network')}</div>
            <div className="funds-chips" role="radiogroup" aria-label={t('fund.network')} data-testid="receive-networks">
              {coin.networks.map((n) => (
                <button
                  type="button"
                  key={n}
                  role="radio"
                  aria-checked={n === network}
                  className={`funds-choice ${n === network ? 'active' : ''}`}
                  onClick={() => setPicked(n)}
                  data-testid={`network-${n}`}
                >
                  {n}
                </button>
              ))}
            </div>

            <section className="card funds-address-card">
              {address.isLoading || address.isFetching ? (
                <LoadingBlock lines={3} title={false} />
              ) : address.isError || !address.data ? (
                <ErrorState onRetry={address.refetch} />
              ) : (
                <>
                  <QrCode className="funds-qr" testId="funds-qr" text={address.data.address} alt={t('fund.receive.qrAlt', { coin: coin.name, network })} />
                  <div className="funds-label">{t('fund.receive.address', { network })}</div>
                  <div className="funds-address" data-testid="receive-address">
                    {address.data.address}
                  </div>
                  {address.data.demo ? (
                    <p className="funds-demo-note" role="note" data-testid="receive-demo">
                      {t('fund.receive.demoAddress')}
                    </p>
                  ) : null}
                  <Button block size="middle" shape="rounded" color="primary" fill="outline" onClick={copy} data-testid="receive-copy">
                    {t('fund.receive.copy')}
                  </Button>
                </>
              )}
            </section>

            <ul className="funds-notes">
              <li>{t('fund.receive.noteNetwork', { coin: coin.name, network })}</li>
              <li>{t('fund.receive.noteReview')}</li>
            </ul>

            <Form
              form={form}
              layout="vertical"
              className="dark-form"
              validateTrigger="onBlur"
              onFinish={onFinish}
              footer={
                <SubmitButton busy={sending} testId="receive-submit">
                  {t('fund.receive.submit')}
                </SubmitButton>
              }
            >
              <Form.Item
                name="amount"
                label={t('fund.receive.amount')}
                rules={[amountRule(t, () => ({ decimals: coin.decimals }))]}
              >
                <AmountInput placeholder={t('fund.receive.amountPlaceholder')} unit={coin.name} testId="receive-amount" />
              </Form.Item>
              <Form.Item
                name="voucher"
                label={t('fund.receive.voucher')}
                description={t('fund.receive.voucherHint')}
                rules={[requiredRule(t, 'fund.receive.voucherRequired')]}
                validateTrigger="onChange"
              >
                <PictureUpload caption={t('fund.receive.voucherCaption')} testId="receive-voucher" />
              </Form.Item>
            </Form>
          </>
        ) : null}
      </QueryBlock>
    </PageShell>
  );
}
