/**
 * "Become a trader": the apply form (name, introduction, profit share within
 * 0-30 %, follower cap), or the application's state: under review, rejected
 * with the reason (and the form again), or leading with followers and shares
 * received, and pause / resume / retire behind a confirmation. The review's
 * outcome arrives live (`copy_trader_reviewed`, api.ts).
 */
import { Button, Dialog, Input, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure, Line } from '../../../components/Figures';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { ErrorState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime, PLACEHOLDER, toFixed } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useApplyTraderMutation, useGetMyTraderQuery, useSetTraderStatusMutation, type MyTrader } from '../api';
import { useCopyFigures } from '../figures';
import {
  applyParams,
  checkApply,
  LIMITS,
  mayApply,
  percentText,
  sanitizeDecimal,
  traderActions,
  traderState,
  type ApplyErrors,
  type ApplyField,
  type ApplyValues,
  type TraderAction,
} from '../logic';

const TONES = { pending: 'warning', approved: 'success', rejected: 'danger', paused: 'warning', retired: 'default', none: 'default' } as const;

function ApplyForm({ previous }: { previous: MyTrader | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ApplyValues>({
    name: previous?.name ?? '',
    intro: previous?.intro ?? '',
    // The plain digits a person types (not the percentage as shown, whose marks are the language's).
    sharePercent: previous && toFixed(previous.share_rate, 2) !== PLACEHOLDER ? toFixed(previous.share_rate, 2) : '10',
    maxFollowers: previous ? String(previous.max_followers) : '100',
  });
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [apply, { isLoading }] = useApplyTraderMutation();

  const set = (key: ApplyField, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const fieldClass = (field: ApplyField) => `ui-field ${errors[field] ? 'has-error' : ''}`;
  const errorOf = (field: ApplyField) => {
    const e = errors[field];
    return e ? (
      <p className="ui-error" role="alert">
        {t(`copytrade.errors.${e.key}`, e.args)}
      </p>
    ) : null;
  };

  const submit = async () => {
    const found = checkApply(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await apply(applyParams(values)).unwrap();
      showToast(t('copytrade.lead.applied'), 'success');
    } catch {
      // Told by the base query (a missing verification also leads to it).
    }
  };

  return (
    <div className="ui-form" data-testid="cp-apply-form">
      <div className={fieldClass('name')}>
        <div className="ui-field-label">{t('copytrade.lead.name')}</div>
        <div className="ui-input" data-testid="cp-apply-name">
          <Input value={values.name} onChange={(v) => set('name', v)} maxLength={LIMITS.nameMax} placeholder={t('copytrade.lead.namePlaceholder')} />
        </div>
        {errorOf('name')}
      </div>
      <div className={fieldClass('intro')}>
        <div className="ui-field-label">{t('copytrade.lead.introLabel')}</div>
        <div className="cp-textarea" data-testid="cp-apply-intro">
          <TextArea
            value={values.intro}
            onChange={(v) => set('intro', v)}
            maxLength={LIMITS.introMax}
            showCount
            rows={3}
            placeholder={t('copytrade.lead.introPlaceholder')}
          />
        </div>
        {errorOf('intro')}
      </div>
      <div className="cp-two">
        <div className={fieldClass('sharePercent')}>
          <div className="ui-field-label">{t('copytrade.lead.share')}</div>
          <div className="ui-input" data-testid="cp-apply-share">
            <Input value={values.sharePercent} onChange={(v) => set('sharePercent', sanitizeDecimal(v, 2))} inputMode="decimal" placeholder={t('copytrade.lead.sharePlaceholder')} />
            <span className="ui-input-unit">%</span>
          </div>
          {errorOf('sharePercent')}
        </div>
        <div className={fieldClass('maxFollowers')}>
          <div className="ui-field-label">{t('copytrade.lead.maxFollowers')}</div>
          <div className="ui-input" data-testid="cp-apply-max">
            <Input value={values.maxFollowers} onChange={(v) => set('maxFollowers', sanitizeDecimal(v, 0))} inputMode="numeric" placeholder={t('copytrade.lead.maxFollowersPlaceholder')} />
          </div>
          {errorOf('maxFollowers')}
        </div>
      </div>
      <SubmitButton busy={isLoading} type="button" onClick={submit} testId="cp-apply-submit">
        {t('copytrade.lead.submit')}
      </SubmitButton>
    </div>
  );
}

function TraderState({ mine }: { mine: MyTrader }) {
  const { t } = useTranslation();
  const { money, coin } = useCopyFigures();
  const [setStatus, { isLoading }] = useSetTraderStatusMutation();
  const state = traderState(mine.status);

  const act = async (action: TraderAction) => {
    const ok = await Dialog.confirm({
      content: <div data-testid="cp-lead-confirm">{t(`copytrade.lead.confirm.${action}`)}</div>,
      confirmText: t(`copytrade.lead.action.${action}`),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await setStatus({ action }).unwrap();
      showToast(t('copytrade.lead.done'), 'success');
    } catch {
      // Told by the base query.
    }
  };

  return (
    <div className="cp-lead-state" data-testid="cp-lead-state" data-state={state}>
      <div className="cp-item-head">
        <strong className="ellipsis">{mine.name}</strong>
        <Tag color={TONES[state]} fill="outline">
          {t(`copytrade.lead.state.${state}`)}
        </Tag>
      </div>
      {state === 'pending' ? <p className="hint">{t('copytrade.lead.pendingHint')}</p> : null}
      {state === 'rejected' ? <p className="ui-error">{t('copytrade.lead.rejectedHint', { reason: mine.reject_reason ?? '' })}</p> : null}
      {state === 'retired' ? <p className="hint">{t('copytrade.lead.retiredHint')}</p> : null}
      {state === 'approved' || state === 'paused' ? (
        <div className="ui-grid ui-grid-3">
          <Figure label={t('copytrade.lead.followers')}>
            {mine.followers}/{mine.max_followers}
          </Figure>
          <Figure label={`${t('copytrade.lead.sharesReceived')} (${coin})`}>{money(mine.shares_received)}</Figure>
          <Figure label={t('copytrade.shareRate')}>{percentText(mine.share_rate, { sign: false })}</Figure>
        </div>
      ) : (
        <>
          <Line label={t('copytrade.shareRate')}>{percentText(mine.share_rate, { sign: false })}</Line>
          <Line label={t('copytrade.lead.maxFollowers')}>{mine.max_followers}</Line>
        </>
      )}
      <Line label={t('copytrade.my.started')}>{formatDateTime(mine.created_at)}</Line>
      {traderActions(state).length > 0 ? (
        <div className="ui-actions">
          {traderActions(state).map((a) => (
            <Button
              key={a}
              size="small"
              shape="rounded"
              color={a === 'retire' ? 'danger' : 'primary'}
              fill="outline"
              disabled={isLoading}
              onClick={() => act(a)}
              data-testid={`cp-lead-${a}`}
            >
              {t(`copytrade.lead.action.${a}`)}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function LeadSection() {
  const { t } = useTranslation();
  const mine = useGetMyTraderQuery();
  if (mine.isLoading) return <LoadingBlock lines={4} />;
  if (mine.isError && mine.data === undefined) return <ErrorState onRetry={mine.refetch} />;
  const data = mine.data ?? null;
  const state = traderState(data?.status);
  return (
    <section className="ui-card" data-testid="cp-lead">
      <h2 className="ui-card-title">{t('copytrade.lead.title')}</h2>
      {data ? <TraderState mine={data} /> : null}
      {mayApply(state) ? (
        <>
          <p className="hint ui-note">{t('copytrade.lead.intro')}</p>
          <p className="hint ui-note">{t('copytrade.lead.requirements')}</p>
          <ApplyForm previous={data} />
        </>
      ) : null}
    </section>
  );
}
