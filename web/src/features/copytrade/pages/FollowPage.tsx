/**
 * The follow form (follow/follow?trader_id=[&id=]): copy by a multiple of the
 * leader's lots or by fixed lots, the most margin the copies may hold, an
 * optional take-profit and stop-loss per copy (percent of its margin), an
 * optional loss that ends the follow, and the agreement (to start a follow).
 * With `id` it changes that follow. The form says what is wrong before
 * sending; the server's refusals arrive translated and are shown as they come.
 */
import { Button, Checkbox, Input } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState, ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { PLACEHOLDER } from '../../../lib/format';
import { selectLang, selectToken } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { COPY_ROUTES, traderRoute } from '../../../shared/copytrade/routes';
import { useGetWalletListQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { useFollowMutation, useGetTraderDetailQuery, type TraderDetail } from '../api';
import { isNotFound, TraderNotFound } from '../components/Parts';
import { useCopyFigures } from '../figures';
import {
  agreementRoute,
  checkFollow,
  EMPTY_FOLLOW,
  followParams,
  MONEY_PLACES,
  percentText,
  sanitizeDecimal,
  valuesOf,
  type FollowErrors,
  type FollowField,
  type FollowValues,
} from '../logic';
import '../../../components/ui.css';
import '../copytrade.css';

/** The contract account (3) in the wallet list. */
const LEVER_ACCOUNT = 3;

function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`ui-field ${error ? 'has-error' : ''}`}>
      <div className="ui-field-label">{label}</div>
      {children}
      {error ? (
        <p className="ui-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="ui-field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

function NumberInput({
  label,
  value,
  onChange,
  unit,
  places,
  placeholder,
  testId,
}: {
  /** The field's label, as the input's name (the label above is a plain text). */
  label: string;
  value: string;
  onChange: (v: string) => void;
  unit: string;
  places: number;
  placeholder?: string;
  testId: string;
}) {
  return (
    <div className="ui-input" data-testid={testId}>
      <Input value={value} onChange={(v) => onChange(sanitizeDecimal(v, places))} inputMode="decimal" placeholder={placeholder} aria-label={label} />
      <span className="ui-input-unit">{unit}</span>
    </div>
  );
}

function FollowForm({ detail, editId }: { detail: TraderDetail; editId?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useAppSelector(selectLang);
  const { money, coin } = useCopyFigures();
  const trader = detail.trader;
  const editing = editId !== undefined;
  const [values, setValues] = useState<FollowValues>(editing && detail.my_follow ? valuesOf(detail.my_follow) : EMPTY_FOLLOW);
  const [errors, setErrors] = useState<FollowErrors>({});
  const [follow, { isLoading }] = useFollowMutation();
  const wallet = useGetWalletListQuery();
  const lever = wallet.data?.accounts.find((a) => a.account === LEVER_ACCOUNT)?.balances.find((b) => b.name === coin);

  const set = <K extends keyof FollowValues>(key: K, value: FollowValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (field: FollowField) => {
    const e = errors[field];
    return e ? t(`copytrade.errors.${e.key}`, e.args) : undefined;
  };

  const submit = async () => {
    const found = checkFollow(values, editing);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await follow(followParams(trader.trader_id, values, editId)).unwrap();
      if (editing) {
        showToast(t('copytrade.form.saved'), 'success');
        navigate(-1);
      } else {
        showToast(t('copytrade.form.followed', { name: trader.name }), 'success');
        navigate(COPY_ROUTES.my, { replace: true });
      }
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  const multiple = values.mode === 1;
  const amountLabel = multiple ? t('copytrade.form.multipleLabel') : t('copytrade.form.lotsLabel');
  return (
    <>
      <PageHeading
        title={t(editing ? 'copytrade.form.titleEdit' : 'copytrade.form.titleNew', { name: trader.name })}
        subtitle={t('copytrade.form.shareNote', { name: trader.name, rate: percentText(trader.share_rate, { sign: false }) })}
      />
      <div className="ui-card ui-form" data-testid="cp-follow-form">
        <Field label={t('copytrade.form.mode')}>
          <div className="ui-seg" role="radiogroup">
            {([1, 2] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={values.mode === m}
                className={values.mode === m ? 'on' : ''}
                onClick={() => {
                  set('mode', m);
                  set('amount', m === 1 ? '1' : '0.1');
                }}
                data-testid={`cp-mode-${m}`}
              >
                {m === 1 ? t('copytrade.form.multiple') : t('copytrade.form.fixedLots')}
              </button>
            ))}
          </div>
        </Field>
        <Field
          label={amountLabel}
          hint={multiple ? t('copytrade.form.multipleHint', { value: values.amount.trim() || PLACEHOLDER }) : t('copytrade.form.lotsHint')}
          error={errorOf('amount')}
        >
          <NumberInput label={amountLabel} value={values.amount} onChange={(v) => set('amount', v)} unit={multiple ? '×' : t('copytrade.lots')} places={2} testId="cp-amount" />
        </Field>
        <Field label={t('copytrade.form.maxMargin')} hint={t('copytrade.form.maxMarginHint')} error={errorOf('maxMargin')}>
          <NumberInput label={t('copytrade.form.maxMargin')} value={values.maxMargin} onChange={(v) => set('maxMargin', v)} unit={coin} places={MONEY_PLACES} placeholder="500" testId="cp-max-margin" />
        </Field>
        <div className="cp-two">
          <Field label={t('copytrade.form.tp')} error={errorOf('tpPercent')}>
            <NumberInput label={t('copytrade.form.tp')} value={values.tpPercent} onChange={(v) => set('tpPercent', v)} unit="%" places={4} placeholder={t('copytrade.form.optional')} testId="cp-tp" />
          </Field>
          <Field label={t('copytrade.form.sl')} error={errorOf('slPercent')}>
            <NumberInput label={t('copytrade.form.sl')} value={values.slPercent} onChange={(v) => set('slPercent', v)} unit="%" places={4} placeholder={t('copytrade.form.optional')} testId="cp-sl" />
          </Field>
        </div>
        <p className="ui-field-hint cp-ratio-hint">{t('copytrade.form.ratioHint')}</p>
        <Field label={t('copytrade.form.stopLoss')} hint={t('copytrade.form.stopLossHint')} error={errorOf('stopLoss')}>
          <NumberInput
            label={t('copytrade.form.stopLoss')}
            value={values.stopLoss}
            onChange={(v) => set('stopLoss', v)}
            unit={coin}
            places={MONEY_PLACES}
            placeholder={t('copytrade.form.optional')}
            testId="cp-stop-loss"
          />
        </Field>
        <div className="ui-balance">
          <span className="ellipsis" data-testid="cp-lever-balance">
            {t('copytrade.form.available', { amount: wallet.data ? money(lever?.available ?? '0') : PLACEHOLDER, coin })}
          </span>
          <Button
            size="small"
            fill="none"
            color="primary"
            onClick={() => navigate(`${FUNDS_ROUTES.fundTransfer}?from=2&to=${LEVER_ACCOUNT}&currency=3`)}
            data-testid="cp-transfer"
          >
            {t('copytrade.form.transfer')}
          </Button>
        </div>
        {editing ? null : (
          <div className={`cp-agree ${errors.agree ? 'has-error' : ''}`}>
            {/* The link is part of the checkbox's sentence, so it wraps with it, never away
                from it; a tap on the link opens the agreement and leaves the box as it is. */}
            <Checkbox checked={values.agree} onChange={(v) => set('agree', v)} data-testid="cp-agree">
              {t('copytrade.form.agreePrefix')}{' '}
              <button
                type="button"
                className="cp-link"
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  navigate(agreementRoute(lang));
                }}
                data-testid="cp-agreement-link"
              >
                {t('copytrade.form.agreement')}
              </button>
            </Checkbox>
            {errors.agree ? (
              <p className="ui-error" role="alert">
                {errorOf('agree')}
              </p>
            ) : null}
          </div>
        )}
        <SubmitButton busy={isLoading} type="button" onClick={submit} testId="cp-follow-submit">
          {editing ? t('copytrade.form.submitEdit') : t('copytrade.form.submitNew')}
        </SubmitButton>
      </div>
    </>
  );
}

export default function FollowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const traderId = Number(params.get('trader_id'));
  const idParam = params.get('id');
  const editId = idParam !== null && /^\d+$/.test(idParam) ? Number(idParam) : undefined;
  const valid = Number.isInteger(traderId) && traderId > 0;
  const token = useAppSelector(selectToken);
  const detail = useGetTraderDetailQuery({ trader_id: traderId, token }, { skip: !valid });

  let body;
  // This trader's terms only, never the last trader's while another loads.
  const current = detail.currentData;
  if (!valid || (isNotFound(detail.error) && !current)) body = <TraderNotFound />;
  else if (detail.isLoading || (!current && detail.isFetching)) body = <LoadingBlock lines={8} />;
  else if (detail.isError && !current) body = <ErrorState onRetry={detail.refetch} />;
  else if (current && editId !== undefined && current.my_follow?.id !== editId)
    body = <EmptyState title={t('copytrade.my.emptyCurrent')} />;
  else if (current) {
    // A trader the user follows already: the form changes that follow (a second one would be refused).
    const id = editId ?? current.my_follow?.id;
    body = <FollowForm key={id ?? 'new'} detail={current} editId={id} />;
  }

  return (
    <PageShell backTo={valid ? traderRoute(traderId) : COPY_ROUTES.list} className="ui-page cp-page">
      {body}
    </PageShell>
  );
}
