/**
 * Listing an owned artwork for resale (nft/resell, `?id=`): a fixed price
 * or an auction (opening price, the least increase per bid, an optional
 * deposit to bid, its start and end picked with antd-mobile's date pickers),
 * checked as typed with the spec's messages ("Please enter the correct
 * price", "Please enter the correct increment", "The end must be later than
 * the start"); a preview of what the seller receives (the price less the
 * artist's royalty and the platform's fee, rounded down to the coin's
 * decimals); and the notes that a listing waits for the platform's review and
 * that items bought here stay on the platform. Sent with `resellNFT`.
 */
import { DatePicker, Input } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Line } from '../../../components/Figures';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDateTime, formatPercent, multiplyDecimal, PLACEHOLDER } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { NFT_ROUTES } from '../../../shared/nft/routes';
import { useGetNftConfigQuery, useResellMutation, type ItemDetail } from '../api';
import { ItemBody, useItem } from '../components/ItemPage';
import { ItemSummary } from '../components/ItemSummary';
import { useNftFigures, useServerNow } from '../components/Parts';
import {
  canResell,
  LISTING_MAX_MS,
  resellIssues,
  resellParams,
  sanitizeAmount,
  sellerReceives,
  type ResellDraft,
  type ResellField,
  type ResellIssue,
} from '../logic';
import '../../../components/ui.css';
import '../nft.css';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The next whole minute after `ms`. */
const nextMinute = (ms: number) => Math.ceil((ms + 1) / MINUTE) * MINUTE;

function AmountField({
  field,
  label,
  value,
  onChange,
  coin,
  issue,
  hint,
  placeholder,
}: {
  field: ResellField;
  label: string;
  value: string;
  onChange: (v: string) => void;
  coin: string;
  issue: string | null;
  hint?: string;
  placeholder: string;
}) {
  return (
    <div className={`ui-field ${issue ? 'has-error' : ''}`}>
      <label className="ui-field-label" htmlFor={`nft-resell-${field}`}>
        {label}
      </label>
      <div className="ui-input" data-testid={`nft-resell-${field}`}>
        <Input id={`nft-resell-${field}`} value={value} onChange={(v) => onChange(sanitizeAmount(v))} inputMode="decimal" placeholder={placeholder} />
        <span className="ui-input-unit">{coin}</span>
      </div>
      {issue ? (
        <p className="ui-error" role="alert" data-testid={`nft-resell-${field}-error`}>
          {issue}
        </p>
      ) : hint ? (
        <p className="ui-field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

function TimeField({
  field,
  label,
  value,
  min,
  onChange,
  issue,
}: {
  field: 'starts_at' | 'ends_at';
  label: string;
  value: number | null;
  min: number;
  onChange: (ms: number) => void;
  issue: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={`ui-field ${issue ? 'has-error' : ''}`}>
      <span className="ui-field-label">{label}</span>
      <button type="button" className="ui-input nft-time" onClick={() => setOpen(true)} data-testid={`nft-resell-${field}`} data-value={value ?? ''}>
        <span>{value !== null ? formatDateTime(value) : t('nft.resell.pickTime')}</span>
        <CalendarOutline />
      </button>
      {issue ? (
        <p className="ui-error" role="alert" data-testid={`nft-resell-${field}-error`}>
          {issue}
        </p>
      ) : null}
      <DatePicker
        visible={open}
        onClose={() => setOpen(false)}
        precision="minute"
        min={new Date(min)}
        max={new Date(min + LISTING_MAX_MS + DAY)}
        value={new Date(value ?? min)}
        onConfirm={(d) => onChange(d.getTime())}
        title={label}
        confirmText={t('common.confirm')}
        cancelText={t('common.cancel')}
      />
    </div>
  );
}

function ResellForm({ detail }: { detail: ItemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { exact, decimalsOf } = useNftFigures();
  const config = useGetNftConfigQuery();
  const [resell, { isLoading }] = useResellMutation();
  const item = detail.item;
  const coin = item.currency_name;
  const places = decimalsOf(item.currency);
  const [draft, setDraft] = useState<ResellDraft>(() => {
    const start = nextMinute(Date.now());
    return { mode: 'normal', price: '', step: '', margin: '', starts_at: start, ends_at: start + 7 * DAY };
  });
  const [touched, setTouched] = useState<Partial<Record<ResellField, boolean>>>({});
  const [tried, setTried] = useState(false);
  // The clock, a minute at a time: the earliest start the pickers offer, and "the end must be in the future".
  const now = useServerNow(0);
  const earliest = nextMinute(now);
  const issues = resellIssues(draft, { places, now });
  const shownIssue = (f: ResellField) => {
    const i = issues[f];
    if (!i || !(tried || touched[f])) return null;
    return t(`nft.resell.errors.${i.key}`, { places: (i as ResellIssue).values?.places, days: (i as ResellIssue).values?.days });
  };
  const set = (f: ResellField, v: string | number) => {
    setDraft((d) => ({ ...d, [f]: v }));
    setTouched((x) => ({ ...x, [f]: true }));
  };
  const preview = config.data ? sellerReceives(draft.price, config.data.royalty, config.data.fee, places) : null;
  const percent = (share: string | undefined) => (share ? formatPercent(multiplyDecimal(share, '100'), 8, { trim: true }) : PLACEHOLDER);

  if (!canResell(item)) return <EmptyState title={t('nft.resell.cannot')} />;

  const submit = async () => {
    setTried(true);
    if (Object.keys(issues).length > 0) return;
    try {
      await resell(resellParams(item.id, draft)).unwrap();
      showToast(t('nft.resell.done'), 'success');
      navigate(`${NFT_ROUTES.mineItem}?id=${item.id}`, { replace: true });
    } catch {
      // The server's message (translated) was shown by the base query; the form keeps what was typed.
    }
  };

  const auction = draft.mode === 'auction';
  return (
    <section className="ui-card ui-form" data-testid="nft-resell-form" data-mode={draft.mode}>
      <h2 className="ui-card-title">{t('nft.resell.title')}</h2>
      <div className="ui-seg" role="radiogroup" aria-label={t('nft.resell.mode')}>
        {(['normal', 'auction'] as const).map((m) => (
          <button
            type="button"
            key={m}
            role="radio"
            aria-checked={draft.mode === m}
            className={draft.mode === m ? 'on' : ''}
            onClick={() => setDraft((d) => ({ ...d, mode: m }))}
            data-testid={`nft-mode-${m}`}
          >
            {t(`nft.mode.${m}`)}
          </button>
        ))}
      </div>
      <AmountField
        field="price"
        label={auction ? t('nft.resell.openingPrice') : t('nft.resell.price')}
        value={draft.price}
        onChange={(v) => set('price', v)}
        coin={coin}
        issue={shownIssue('price')}
        placeholder={t('nft.resell.pricePlaceholder')}
      />
      {auction ? (
        <>
          <AmountField
            field="step"
            label={t('nft.resell.step')}
            value={draft.step}
            onChange={(v) => set('step', v)}
            coin={coin}
            issue={shownIssue('step')}
            hint={t('nft.resell.stepHint')}
            placeholder={t('nft.resell.stepPlaceholder')}
          />
          <AmountField
            field="margin"
            label={t('nft.resell.margin')}
            value={draft.margin}
            onChange={(v) => set('margin', v)}
            coin={coin}
            issue={shownIssue('margin')}
            hint={t('nft.resell.marginHint')}
            placeholder={t('nft.resell.optional')}
          />
          <TimeField field="starts_at" label={t('nft.resell.start')} value={draft.starts_at} min={earliest} onChange={(v) => set('starts_at', v)} issue={shownIssue('starts_at')} />
          <TimeField
            field="ends_at"
            label={t('nft.resell.end')}
            value={draft.ends_at}
            min={draft.starts_at ?? earliest}
            onChange={(v) => set('ends_at', v)}
            issue={shownIssue('ends_at')}
          />
        </>
      ) : (
        <p className="ui-field-hint">{t('nft.resell.fixedHint')}</p>
      )}
      <div className="nft-preview" data-testid="nft-resell-preview">
        <div className="ui-lines">
          <Line label={t('nft.resell.royalty', { share: percent(config.data?.royalty) })}>{preview ? `−${exact(preview.royalty)} ${coin}` : PLACEHOLDER}</Line>
          <Line label={t('nft.resell.fee', { share: percent(config.data?.fee) })}>{preview ? `−${exact(preview.fee)} ${coin}` : PLACEHOLDER}</Line>
        </div>
        <div className="ui-total">
          <span>{auction ? t('nft.resell.receiveAtLeast') : t('nft.resell.receive')}</span>
          <b data-testid="nft-receive">{preview ? `${exact(preview.receive)} ${coin}` : `${PLACEHOLDER} ${coin}`}</b>
        </div>
      </div>
      <ul className="nft-notes">
        <li>{t('nft.resell.reviewNote')}</li>
        <li>{t('nft.resell.stayNote')}</li>
        {auction ? <li>{t('nft.resell.auctionNote')}</li> : null}
      </ul>
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="nft-resell-submit">
        {t('nft.resell.submit')}
      </SubmitButton>
    </section>
  );
}

export default function ResellPage() {
  const { t } = useTranslation();
  const item = useItem({ live: false });
  const { id } = item;
  const body = (
    <ItemBody item={item} lines={8}>
      {(d) => (
        <>
          <ItemSummary item={d.item} />
          <ResellForm detail={d} />
        </>
      )}
    </ItemBody>
  );
  return (
    <PageShell backTo={id ? `${NFT_ROUTES.mineItem}?id=${id}` : NFT_ROUTES.mine} className="ui-page nft-page">
      <div data-testid="nft-resell-page">
        <PageHeading title={t('nft.resell.heading')} />
        {body}
      </div>
    </PageShell>
  );
}
