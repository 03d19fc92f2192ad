/** Add a withdrawal address: coin, label, address and a picture of its QR code, all required. */
import { Form, Input, Picker } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useGetFundCurrenciesQuery } from '../../../shared/funds/api';
import { CoinIcon } from '../../../components/CoinIcon';
import { QueryBlock } from '../../../components/QueryBlock';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { PictureUpload } from '../../../shared/funds/PictureUpload';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { ruleOf } from '../../../lib/formRules';
import { useGoBack } from '../../../lib/navigation';
import { showToast } from '../../../lib/toast';
import { useSaveAddressMutation } from '../api';
import { checkLabel, checkRequired, checkWalletAddress } from '../logic';
import '../../../shared/funds/styles.css';

interface Values {
  currency: string;
  name: string;
  address: string;
  qrcode: string;
}

function CoinSelect({ value, onChange, options }: { value?: string; onChange?: (v: string) => void; options: { id: number; name: string; image: string; subName: string }[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const coin = options.find((c) => String(c.id) === value);
  return (
    <>
      <button type="button" className="funds-select in-form" onClick={() => setOpen(true)} data-testid="addwallet-coin">
        {coin ? <CoinIcon src={coin.image} name={coin.name} size={24} /> : null}
        <strong>{coin ? coin.name : t('identity.wallet.chooseCoin')}</strong>
        <span className="funds-select-sub ellipsis">{coin?.subName}</span>
        <DownOutline />
      </button>
      <Picker
        visible={open}
        onClose={() => setOpen(false)}
        title={t('identity.wallet.coin')}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
        columns={[options.map((c) => ({ label: c.name, value: String(c.id) }))]}
        value={value ? [value] : undefined}
        onConfirm={(v) => v[0] && onChange?.(String(v[0]))}
      />
    </>
  );
}

export default function AddWalletPage() {
  const { t } = useTranslation();
  const goBack = useGoBack(FUNDS_ROUTES.wallet);
  const [params] = useSearchParams();
  const coins = useGetFundCurrenciesQuery();
  const [form] = Form.useForm<Values>();
  const [save, { isLoading }] = useSaveAddressMutation();
  const options = (coins.data ?? []).filter((c) => c.status === 1 && c.networks.length > 0);
  const preset = params.get('currency');

  const onFinish = async (v: Values) => {
    try {
      await save({ currency: Number(v.currency), name: v.name.trim(), address: v.address.trim(), qrcode: v.qrcode }).unwrap();
      showToast(t('identity.wallet.saved'), 'success');
      goBack();
    } catch {
      // Told by the base query; the form keeps what was entered.
    }
  };

  return (
    <PageShell backTo={FUNDS_ROUTES.wallet} className="funds">
      <PageHeading title={t('identity.wallet.addTitle')} subtitle={t('identity.wallet.addHint')} />
      <QueryBlock isLoading={coins.isLoading} isError={coins.isError && !coins.data} onRetry={coins.refetch}>
        <Form
          form={form}
          layout="vertical"
          className="dark-form"
          validateTrigger="onBlur"
          initialValues={{
            currency: options.some((c) => String(c.id) === preset) ? preset : '',
            name: '',
            address: '',
            qrcode: '',
          }}
          onFinish={onFinish}
          footer={
            <SubmitButton busy={isLoading} testId="addwallet-submit">
              {t('common.save')}
            </SubmitButton>
          }
        >
          <Form.Item
            name="currency"
            label={t('identity.wallet.coin')}
            rules={[ruleOf(t, (v) => checkRequired(v, 'identity.validation.coinRequired'))]}
            validateTrigger="onChange"
          >
            <CoinSelect options={options} />
          </Form.Item>
          <Form.Item name="name" label={t('identity.wallet.label')} rules={[ruleOf(t, checkLabel)]}>
            <Input placeholder={t('identity.wallet.labelPlaceholder')} maxLength={30} clearable data-testid="addwallet-name" />
          </Form.Item>
          <Form.Item name="address" label={t('identity.wallet.address')} rules={[ruleOf(t, checkWalletAddress)]}>
            <Input placeholder={t('identity.wallet.addressPlaceholder')} maxLength={128} clearable data-testid="addwallet-address" />
          </Form.Item>
          <Form.Item
            name="qrcode"
            label={t('identity.wallet.qrcode')}
            rules={[ruleOf(t, (v) => checkRequired(v, 'identity.validation.qrRequired'))]}
            validateTrigger="onChange"
          >
            <PictureUpload caption={t('identity.wallet.qrCaption')} testId="addwallet-qr" />
          </Form.Item>
        </Form>
      </QueryBlock>
    </PageShell>
  );
}
