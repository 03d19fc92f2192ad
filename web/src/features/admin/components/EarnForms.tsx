/**
 * The admin's lock-up mining forms, each in a bottom sheet of EarnPanel:
 *
 * - funding a coin's yield reserve: a coin of the coin list, an amount with
 *   at most the coin's decimals, confirmed before it moves the platform's
 *   money. Each opened form carries a fresh one-time `request_id` (a new one
 *   after each success), so a form sent twice, or retried after a lost
 *   answer, funds once;
 * - a product's terms, new or changed: checked in the admin's language before
 *   posting (earn.ts `productIssues`), rates and penalty typed in percent and
 *   posted as shares. A refusal of the server is toasted by the admin fetch
 *   and the form stays as typed.
 */
import { Dialog, Form, Input, Picker, Switch } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDecimal } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useGetFundCurrenciesQuery, type Coin } from '../../../shared/funds/api';
import { LOCK_CATEGORIES } from '../../../shared/lock/routes';
import type { LockProduct } from '../../../shared/lock/types';
import { useFundEarnReserveMutation, useGetEarnReservesQuery, useSaveLockProductMutation } from '../api';
import {
  EMPTY_DRAFT,
  NAME_MAX,
  amountIssue,
  draftOf,
  newRequestId,
  productIssues,
  productParams,
  type Issue,
  type ProductDraft,
  type ProductField,
} from '../earn';
import { LANG_NAMES, textsIssue, type Texts } from '../texts';
import { TextsEditor } from './TextsEditor';

/** Brings the first field in error into view (the sheets are taller than a phone). */
export function showFirstError(root: string) {
  requestAnimationFrame(() => {
    // Optional call: the test DOM (jsdom) has no scrolling.
    document.querySelector(`${root} .adm-form-item-has-error`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}

/** A form rule refusing a text of another language longer than `max` (the editor shows why). */
export function useTextsRule() {
  const { t } = useTranslation();
  return (max: number) => ({
    validator: async (_r: unknown, value: Texts | undefined) => {
      const issue = textsIssue(value, max);
      if (issue) throw new Error(t('admin.texts.tooLong', { lang: LANG_NAMES[issue.lang], max }));
    },
  });
}

export function useIssueText() {
  const { t } = useTranslation();
  return (issue: Issue) => t(`admin.earn.errors.${issue.key}`, issue.values);
}

/** The coin field: a button that opens a picker of the coin list (fixed when `locked`). */
export function CoinButton({ coin, locked, onOpen, testId }: { coin: Coin | undefined; locked?: boolean; onOpen: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="funds-select in-form" onClick={onOpen} disabled={locked} data-testid={testId}>
      <strong>{coin?.name ?? t('admin.earn.form.chooseCoin')}</strong>
      <span className="funds-select-sub" />
      {locked ? null : <DownOutline />}
    </button>
  );
}

export function CoinPicker({ visible, coins, onClose, onPick }: { visible: boolean; coins: Coin[]; onClose: () => void; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <Picker
      visible={visible}
      onClose={onClose}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
      columns={[coins.map((c) => ({ label: c.name, value: String(c.id) }))]}
      onConfirm={(v) => onPick(String(v[0] ?? ''))}
    />
  );
}

/**
 * A text field with its unit inside the box on the right (%, days, the coin),
 * so every field of a form is as wide as the next. A Form.Item child: value
 * and onChange come from the form.
 */
export function UnitInput({
  value,
  onChange,
  unit,
  inputMode,
  placeholder,
  maxLength,
  testId,
  type,
}: {
  value?: string;
  onChange?: (v: string) => void;
  unit?: string;
  inputMode?: 'decimal' | 'numeric';
  placeholder: string;
  maxLength: number;
  testId: string;
  /** The native input's type ("datetime-local" for the sale's times). */
  type?: string;
}) {
  return (
    <div className="with-prefix earn-input">
      <Input
        value={value}
        onChange={onChange}
        inputMode={inputMode}
        placeholder={placeholder}
        clearable={type === undefined}
        maxLength={maxLength}
        type={type}
        data-testid={testId}
      />
      {unit ? <span className="earn-unit">{unit}</span> : null}
    </div>
  );
}

interface FundValues {
  currency: string;
  amount: string;
}

export function FundEditor({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const coins = useGetFundCurrenciesQuery();
  const reserves = useGetEarnReservesQuery();
  const [fund, { isLoading }] = useFundEarnReserveMutation();
  const [form] = Form.useForm<FundValues>();
  const [picking, setPicking] = useState(false);
  // One key per form opened, renewed after each success: a second tap or a
  // retry after a lost answer sends the same key, and the server funds once.
  const [requestId, setRequestId] = useState(newRequestId);
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? '';
  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === currency);
  const current = reserves.data?.find((r) => String(r.currency_id) === currency);

  const onFinish = async (v: FundValues) => {
    if (!coin) return;
    const amount = v.amount.trim();
    const shown = `${formatDecimal(amount, coin.decimals)} ${coin.name}`;
    const ok = await Dialog.confirm({
      content: <span data-testid="admin-earn-fund-confirm">{t('admin.earn.fund.confirm', { amount: shown, coin: coin.name })}</span>,
      confirmText: t('admin.earn.fund.submit'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await fund({ currency: coin.id, amount, request_id: requestId }).unwrap();
      setRequestId(newRequestId());
      showToast(t('admin.earn.fund.done', { amount: shown }), 'success');
      onClose();
    } catch {
      // Told by the admin fetch; the form stays, with its key (a retry funds once).
    }
  };

  return (
    <div className="admin-editor earn-editor earn-fund" data-testid="admin-earn-fund-editor" role="dialog" aria-modal="true" aria-label={t('admin.earn.fund.title')}>
      <h2>{t('admin.earn.fund.title')}</h2>
      <p className="hint earn-hint">{t('admin.earn.fund.hint')}</p>
      <QueryBlock isLoading={coins.isLoading} isError={coins.isError && !coins.data} onRetry={coins.refetch} lines={3}>
        <Form
          form={form}
          layout="vertical"
          className="dark-form"
          initialValues={{ currency: '', amount: '' }}
          onFinish={onFinish}
          onFinishFailed={() => showFirstError('.earn-fund')}
          footer={
            <SubmitButton busy={isLoading} testId="admin-earn-fund-submit">
              {t('admin.earn.fund.submit')}
            </SubmitButton>
          }
        >
          <Form.Item
            name="currency"
            label={t('admin.coin')}
            rules={[{ validator: async (_r, value) => (value ? undefined : Promise.reject(new Error(t('admin.earn.errors.coin')))) }]}
            description={current ? t('admin.earn.fund.current', { amount: `${formatDecimal(current.reserve)} ${current.currency}` }) : undefined}
          >
            <CoinButton coin={coin} onOpen={() => setPicking(true)} testId="admin-earn-fund-coin" />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('admin.earn.fund.amount')}
            dependencies={['currency']}
            rules={[
              {
                validator: async (_r, value) => {
                  const issue = amountIssue(String(value ?? ''), coin ? coin.decimals : null);
                  if (issue) throw new Error(issueText(issue));
                },
              },
            ]}
          >
            <UnitInput unit={coin?.name} inputMode="decimal" placeholder={t('admin.earn.fund.amountPlaceholder')} maxLength={40} testId="admin-earn-fund-amount" />
          </Form.Item>
        </Form>
      </QueryBlock>
      <CoinPicker
        visible={picking}
        coins={list}
        onClose={() => setPicking(false)}
        onPick={(id) => {
          form.setFieldsValue({ currency: id });
          void form.validateFields(['currency']).catch(() => undefined);
          if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
        }}
      />
    </div>
  );
}

/** The three categories as chips (a Form.Item child: value and onChange come from the form). */
function CategoryChoice({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="funds-chips earn-chips" role="radiogroup">
      {LOCK_CATEGORIES.map((c) => (
        <button
          type="button"
          key={c}
          role="radio"
          aria-checked={value === c}
          className={`funds-choice small ${value === c ? 'active' : ''}`}
          onClick={() => onChange?.(c)}
          data-testid={`admin-earn-category-${c}`}
        >
          {t(`admin.earn.category.${c}`)}
        </button>
      ))}
    </div>
  );
}

/** What each field re-checks when another changes (the range, the amounts' order and decimals). */
const DEPENDS: Partial<Record<ProductField, ProductField[]>> = {
  rate_max: ['rate_min'],
  min_amount: ['currency'],
  user_cap: ['currency', 'min_amount'],
  total_cap: ['currency', 'user_cap'],
};

/** One text field of the product form. */
interface ItemOptions {
  label: string;
  placeholder: string;
  /** The unit shown right of the input (%, days, the coin). */
  unit?: string;
  mode?: 'decimal' | 'numeric' | 'text';
  description?: string;
}

export function ProductEditor({ initial, onClose }: { initial: LockProduct | null; onClose: () => void }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const textsRule = useTextsRule();
  const coins = useGetFundCurrenciesQuery();
  const [save, { isLoading }] = useSaveLockProductMutation();
  const [form] = Form.useForm<ProductDraft>();
  const [picking, setPicking] = useState(false);
  const start = initial ? draftOf(initial) : EMPTY_DRAFT;
  const currency = (Form.useWatch('currency', form) as string | undefined) ?? start.currency;
  const list = coins.data ?? [];
  const coin = list.find((c) => String(c.id) === currency);
  const decimals = coin ? coin.decimals : null;

  const rule = (field: ProductField) => ({
    validator: async () => {
      const issue = productIssues(form.getFieldsValue(true) as ProductDraft, decimals)[field];
      if (issue) throw new Error(issueText(issue));
    },
  });

  const onFinish = async () => {
    const draft = { ...EMPTY_DRAFT, ...(form.getFieldsValue(true) as Partial<ProductDraft>) };
    try {
      await save(productParams(draft, initial?.id)).unwrap();
      showToast(t(initial ? 'admin.earn.form.saved' : 'admin.earn.form.created'), 'success');
      onClose();
    } catch {
      // Told by the admin fetch (the server's own words); the form stays as typed.
    }
  };

  const item = (field: ProductField, { label, placeholder, unit, mode = 'decimal', description }: ItemOptions) => (
    <Form.Item name={field} label={label} rules={[rule(field)]} dependencies={DEPENDS[field]} description={description}>
      <UnitInput
        unit={unit}
        inputMode={mode === 'text' ? undefined : mode}
        placeholder={placeholder}
        maxLength={mode === 'text' ? 60 : 24}
        testId={`admin-earn-${field}`}
      />
    </Form.Item>
  );

  return (
    <div className="admin-editor earn-editor earn-product-form" data-testid="admin-earn-product-editor" role="dialog" aria-modal="true" aria-label={initial ? t('admin.earn.form.editTitle', { name: initial.name }) : t('admin.earn.form.newTitle')}>
      <h2>{initial ? t('admin.earn.form.editTitle', { name: initial.name }) : t('admin.earn.form.newTitle')}</h2>
      {initial ? <p className="hint earn-hint">{t('admin.earn.form.editHint')}</p> : null}
      <QueryBlock isLoading={coins.isLoading} isError={coins.isError && !coins.data} onRetry={coins.refetch} lines={6}>
        <Form
          form={form}
          layout="vertical"
          className="dark-form"
          initialValues={start}
          onFinish={onFinish}
          onFinishFailed={() => showFirstError('.earn-product-form')}
          footer={
            <SubmitButton busy={isLoading} testId="admin-earn-product-submit">
              {initial ? t('common.save') : t('admin.earn.form.create')}
            </SubmitButton>
          }
        >
          <Form.Item name="category" label={t('admin.earn.form.category')} rules={[rule('category')]}>
            <CategoryChoice />
          </Form.Item>
          {item('name', { label: t('admin.earn.form.name'), placeholder: t('admin.earn.form.namePlaceholder'), mode: 'text' })}
          <Form.Item name="names" rules={[textsRule(NAME_MAX)]} className="admin-texts-item">
            <TextsEditor maxLength={NAME_MAX} showError={false} testId="admin-earn-names" />
          </Form.Item>
          <Form.Item
            name="currency"
            label={t('admin.coin')}
            rules={[rule('currency')]}
            description={initial ? t('admin.earn.form.coinFixed') : undefined}
          >
            <CoinButton coin={coin} locked={Boolean(initial)} onOpen={() => setPicking(true)} testId="admin-earn-coin" />
          </Form.Item>
          {item('rate_min', { label: t('admin.earn.form.rateMin'), placeholder: t('admin.earn.form.ratePlaceholder'), unit: '%' })}
          {item('rate_max', { label: t('admin.earn.form.rateMax'), placeholder: t('admin.earn.form.ratePlaceholder'), unit: '%' })}
          {item('days', { label: t('admin.earn.form.days'), placeholder: t('admin.earn.form.daysPlaceholder'), unit: t('admin.earn.form.daysUnit'), mode: 'numeric' })}
          {item('min_amount', { label: t('admin.earn.minAmount'), placeholder: t('admin.earn.form.amountPlaceholder'), unit: coin?.name })}
          {item('user_cap', { label: t('admin.earn.userCap'), placeholder: t('admin.earn.form.amountPlaceholder'), unit: coin?.name })}
          {item('total_cap', { label: t('admin.earn.totalCap'), placeholder: t('admin.earn.form.amountPlaceholder'), unit: coin?.name })}
          {item('penalty', { label: t('admin.earn.form.penalty'), placeholder: t('admin.earn.form.penaltyPlaceholder'), unit: '%' })}
          <Form.Item name="enabled" label={t('admin.earn.form.enabled')} valuePropName="checked" childElementPosition="right" layout="horizontal">
            <Switch data-testid="admin-earn-enabled" />
          </Form.Item>
          {item('sort', { label: t('admin.earn.form.sort'), placeholder: t('admin.earn.form.sortPlaceholder'), mode: 'numeric', description: t('admin.earn.form.sortHint') })}
        </Form>
      </QueryBlock>
      <CoinPicker
        visible={picking}
        coins={list}
        onClose={() => setPicking(false)}
        onPick={(id) => {
          form.setFieldsValue({ currency: id });
          void form.validateFields(['currency']).catch(() => undefined);
        }}
      />
    </div>
  );
}
