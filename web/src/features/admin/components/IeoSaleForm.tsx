/**
 * The admin's new token sale, in a bottom sheet of EarnPanel: the token and
 * the pay currency from the coin list (different coins), price, supply, the
 * per-user cap and minimum, the sale's window in the admin's clock, the lock
 * and release cycles and optional https links, checked in the admin's
 * language before posting (ieo.ts `saleIssues`). A refusal of the server is
 * toasted by the admin fetch and the form stays as typed.
 */
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { SubmitButton } from '../../../components/SubmitButton';
import { showToast } from '../../../lib/toast';
import { useGetFundCurrenciesQuery } from '../../../shared/funds/api';
import { useCreateIeoProjectMutation } from '../api';
import { EMPTY_SALE, INTRO_MAX, saleIssues, saleParams, type SaleDraft, type SaleField } from '../ieo';
import { CoinButton, CoinPicker, UnitInput, showFirstError, useIssueText, useTextsRule } from './EarnForms';
import { TextsEditor } from './TextsEditor';

/** What each field re-checks when another changes. */
const DEPENDS: Partial<Record<SaleField, SaleField[]>> = {
  pay_currency: ['token'],
  price: ['pay_currency'],
  supply: ['token'],
  user_cap: ['token', 'supply'],
  min_amount: ['token', 'user_cap'],
  ends_at: ['starts_at'],
};

interface ItemOptions {
  label: string;
  placeholder?: string;
  unit?: string;
  mode?: 'decimal' | 'numeric' | 'text' | 'datetime';
  description?: string;
  maxLength?: number;
}

export function SaleEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const textsRule = useTextsRule();
  const coins = useGetFundCurrenciesQuery();
  const [create, { isLoading }] = useCreateIeoProjectMutation();
  const [form] = Form.useForm<SaleDraft>();
  const [picking, setPicking] = useState<'token' | 'pay_currency' | null>(null);
  const tokenId = (Form.useWatch('token', form) as string | undefined) ?? '';
  const payId = (Form.useWatch('pay_currency', form) as string | undefined) ?? '';
  const list = coins.data ?? [];
  const token = list.find((c) => String(c.id) === tokenId);
  const pay = list.find((c) => String(c.id) === payId);

  const rule = (field: SaleField) => ({
    validator: async () => {
      const issue = saleIssues(form.getFieldsValue(true) as SaleDraft, token ? token.decimals : null, pay ? pay.decimals : null)[field];
      if (issue) throw new Error(issueText(issue));
    },
  });

  const onFinish = async () => {
    const draft = { ...EMPTY_SALE, ...(form.getFieldsValue(true) as Partial<SaleDraft>) };
    try {
      const made = await create(saleParams(draft)).unwrap();
      showToast(t('admin.earn.ieo.form.created', { name: made.name }), 'success');
      onClose();
    } catch {
      // Told by the admin fetch (the server's own words); the form stays as typed.
    }
  };

  const item = (field: SaleField, { label, placeholder = '', unit, mode = 'decimal', description, maxLength = 24 }: ItemOptions) => (
    <Form.Item name={field} label={label} rules={[rule(field)]} dependencies={DEPENDS[field]} description={description}>
      <UnitInput
        unit={unit}
        inputMode={mode === 'decimal' || mode === 'numeric' ? mode : undefined}
        type={mode === 'datetime' ? 'datetime-local' : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        testId={`admin-ieo-${field}`}
      />
    </Form.Item>
  );

  const f = (key: string) => t(`admin.earn.ieo.form.${key}`);
  return (
    <div className="admin-editor earn-editor earn-sale-form" data-testid="admin-ieo-editor" role="dialog" aria-modal="true" aria-label={f('title')}>
      <h2>{f('title')}</h2>
      <p className="hint earn-hint">{f('hint')}</p>
      <QueryBlock isLoading={coins.isLoading} isError={coins.isError && !coins.data} onRetry={coins.refetch} lines={6}>
        <Form
          form={form}
          layout="vertical"
          className="dark-form"
          initialValues={EMPTY_SALE}
          onFinish={onFinish}
          onFinishFailed={() => showFirstError('.earn-sale-form')}
          footer={
            <SubmitButton busy={isLoading} testId="admin-ieo-submit">
              {f('create')}
            </SubmitButton>
          }
        >
          {item('name', { label: f('name'), placeholder: f('namePlaceholder'), mode: 'text', maxLength: 60 })}
          <Form.Item name="token" label={f('token')} rules={[rule('token')]} description={f('tokenHint')}>
            <CoinButton coin={token} onOpen={() => setPicking('token')} testId="admin-ieo-token" />
          </Form.Item>
          <Form.Item name="pay_currency" label={f('payCurrency')} rules={[rule('pay_currency')]} dependencies={DEPENDS.pay_currency}>
            <CoinButton coin={pay} onOpen={() => setPicking('pay_currency')} testId="admin-ieo-pay" />
          </Form.Item>
          {item('price', { label: f('price'), placeholder: f('pricePlaceholder'), unit: pay?.name })}
          {item('supply', { label: f('supply'), placeholder: f('amountPlaceholder'), unit: token?.name })}
          {item('user_cap', { label: f('userCap'), placeholder: f('amountPlaceholder'), unit: token?.name })}
          {item('min_amount', { label: f('minAmount'), placeholder: f('amountPlaceholder'), unit: token?.name })}
          {item('starts_at', { label: f('startsAt'), mode: 'datetime', maxLength: 20 })}
          {item('ends_at', { label: f('endsAt'), mode: 'datetime', maxLength: 20 })}
          {item('lock_days', { label: f('lockDays'), unit: f('daysUnit'), mode: 'numeric', description: f('lockHint'), maxLength: 5 })}
          {item('cycle_days', { label: f('cycleDays'), unit: f('daysUnit'), mode: 'numeric', maxLength: 5 })}
          {item('cycles', { label: f('cycles'), mode: 'numeric', description: f('cyclesHint'), maxLength: 3 })}
          {item('intro', { label: f('intro'), placeholder: f('optional'), mode: 'text', maxLength: INTRO_MAX })}
          <Form.Item name="intros" rules={[textsRule(INTRO_MAX)]} className="admin-texts-item">
            <TextsEditor maxLength={INTRO_MAX} multiline showError={false} testId="admin-ieo-intros" />
          </Form.Item>
          {item('whitepaper', { label: f('whitepaper'), placeholder: 'https://', mode: 'text', maxLength: 200 })}
          {item('website', { label: f('website'), placeholder: 'https://', mode: 'text', maxLength: 200 })}
        </Form>
      </QueryBlock>
      <CoinPicker
        visible={picking !== null}
        coins={list}
        onClose={() => setPicking(null)}
        onPick={(id) => {
          if (!picking) return;
          form.setFieldsValue({ [picking]: id });
          void form.validateFields([picking]).catch(() => undefined);
        }}
      />
    </div>
  );
}
