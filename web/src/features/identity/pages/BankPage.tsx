/**
 * The domestic or the international bank card: the saved card on top, and the
 * form of its ten fields, all required (stored under their historical names).
 */
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGetBankCardQuery, type BankCard, type BankKind } from '../../../shared/funds/api';
import { QueryBlock } from '../../../components/QueryBlock';
import { StatusTag } from '../../../shared/funds/StatusTag';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { SubmitButton } from '../../../components/SubmitButton';
import { ROUTES } from '../../../lib/constants';
import { ruleOf } from '../../../lib/formRules';
import { showToast } from '../../../lib/toast';
import { useSaveBankCardMutation } from '../api';
import { checkAba, checkBankField, checkCardNumber, checkPhone, checkSwift } from '../logic';
import '../../../shared/funds/styles.css';

/** The fields in screen order, each with its label key. */
const FIELDS: { name: keyof BankCard; label: string; numeric?: boolean }[] = [
  { name: 'real_name', label: 'identity.bank.realName' },
  { name: 'bank_account', label: 'identity.bank.cardNumber' },
  { name: 'bank_name', label: 'identity.bank.bankName' },
  { name: 'bank_network', label: 'identity.bank.branch' },
  { name: 'bank_dizhi', label: 'identity.bank.city' },
  { name: 'alipay_account', label: 'identity.bank.aba' },
  { name: 'swift_code', label: 'identity.bank.swiftCode' },
  { name: 'wechat_nickname', label: 'identity.bank.swift' },
  { name: 'phone', label: 'identity.bank.phone', numeric: true },
  { name: 'wechat_account', label: 'identity.bank.holderAddress' },
];

/** Fields checked by what they hold; the rest are free text (checkBankField). */
const CHECKS: Partial<Record<keyof BankCard, (value: string) => string | null>> = {
  bank_account: checkCardNumber,
  alipay_account: checkAba,
  swift_code: checkSwift,
  wechat_nickname: checkSwift,
  phone: checkPhone,
};

const EMPTY: BankCard = {
  alipay_account: '',
  real_name: '',
  bank_account: '',
  bank_dizhi: '',
  bank_name: '',
  bank_network: '',
  swift_code: '',
  phone: '',
  wechat_account: '',
  wechat_nickname: '',
};

function maskCard(value: string): string {
  const v = value.replace(/\s+/g, '');
  return v.length > 8 ? `${v.slice(0, 4)} **** **** ${v.slice(-4)}` : v;
}

function BankForm({ kind, saved }: { kind: BankKind; saved: BankCard | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BankCard>();
  const [save, { isLoading }] = useSaveBankCardMutation();

  const onFinish = async (values: BankCard) => {
    const card = Object.fromEntries(FIELDS.map((f) => [f.name, String(values[f.name] ?? '').trim()])) as unknown as BankCard;
    try {
      await save({ kind, card }).unwrap();
      showToast(t('identity.bank.saved'), 'success');
    } catch {
      // Told by the base query; the form keeps what was entered.
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="dark-form"
      validateTrigger="onBlur"
      initialValues={{ ...EMPTY, ...(saved ?? {}) }}
      onFinish={onFinish}
      footer={
        <SubmitButton busy={isLoading} testId="bank-submit">
          {t(saved ? 'identity.bank.update' : 'common.save')}
        </SubmitButton>
      }
    >
      {FIELDS.map((f) => (
        <Form.Item key={f.name} name={f.name} label={t(f.label)} rules={[ruleOf(t, CHECKS[f.name] ?? checkBankField)]}>
          <Input
            placeholder={t('identity.bank.placeholder', { field: t(f.label) })}
            maxLength={100}
            inputMode={f.numeric ? 'tel' : undefined}
            clearable
            data-testid={`bank-${f.name}`}
          />
        </Form.Item>
      ))}
    </Form>
  );
}

export function BankPage({ kind }: { kind: BankKind }) {
  const { t } = useTranslation();
  const card = useGetBankCardQuery(kind, { refetchOnMountOrArgChange: true });
  const saved = card.data ?? null;
  const prefix = kind === 'international' ? 'identity.bank.international' : 'identity.bank.domestic';

  return (
    <PageShell backTo={ROUTES.setting} className="funds">
      <PageHeading title={t(`${prefix}Title`)} subtitle={t(`${prefix}Hint`)} />
      <QueryBlock isLoading={card.isLoading} isError={card.isError && card.data === undefined} onRetry={card.refetch}>
        {saved ? (
          <section className="funds-bank-card" data-testid="bank-saved">
            <div className="funds-bank-top">
              <strong className="ellipsis">{saved.bank_name}</strong>
              <StatusTag tone="success">{t('identity.bank.savedTag')}</StatusTag>
            </div>
            <div className="funds-bank-number">{maskCard(saved.bank_account)}</div>
            <div className="funds-bank-bottom">
              <span className="ellipsis">{saved.real_name}</span>
              <span className="ellipsis">{saved.swift_code}</span>
            </div>
          </section>
        ) : (
          <p className="hint funds-bank-none" data-testid="bank-none">
            {t('identity.bank.none')}
          </p>
        )}
        {card.data !== undefined ? <BankForm key={card.fulfilledTimeStamp ?? 0} kind={kind} saved={saved} /> : null}
      </QueryBlock>
    </PageShell>
  );
}

export function DomesticBankPage() {
  return <BankPage kind="domestic" />;
}

export function InternationalBankPage() {
  return <BankPage kind="international" />;
}
