/**
 * The admin's NFT forms, each in a bottom sheet of NftPanel: a new artist,
 * a collection, an item (with the platform's optional first listing at a
 * fixed price or by auction) and a blind-box series (its items as rows the
 * admin adds). Each is checked in the admin's language before posting
 * (nft.ts); a refusal of the server is toasted by the admin fetch and the
 * form stays as typed. Media fields take an address from the upload above
 * them ("use the last upload"). The link of an artist to the user their
 * royalties are paid to is one more sheet (LinkForm, from NftRoyalties).
 */
import { Button, Input, TextArea } from 'antd-mobile';
import { AddOutline, DeleteOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/SubmitButton';
import { formatDecimal } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useCoinOf } from '../../../shared/funds/api';
import {
  useCreateNftArtistMutation,
  useCreateNftCollectionMutation,
  useCreateNftItemMutation,
  useCreateNftSeriesMutation,
  useGetNftArtistsQuery,
  useGetNftCoinsQuery,
  useGetNftCollectionsQuery,
  useLinkNftArtistMutation,
} from '../api';
import {
  ARTIST_INTRO_MAX,
  artistIssues,
  artistParams,
  collectionIssues,
  collectionParams,
  EMPTY_ARTIST,
  EMPTY_COLLECTION,
  EMPTY_ITEM,
  EMPTY_ROW,
  EMPTY_SERIES,
  ITEM_INTRO_MAX,
  itemIssues,
  itemParams,
  NFT_TYPES,
  RARITIES,
  seriesHasIssues,
  seriesIssues,
  seriesParams,
  type ArtistDraft,
  type CollectionDraft,
  type ItemDraft,
  type NftIssue,
  type SeriesDraft,
} from '../nft';
import { amountsLine, EMPTY_LINK, LINK_BY, linkIssue, linkParams, type AdminArtistRoyalties, type LinkDraft } from '../royalties';
import { TextsEditor } from './TextsEditor';

export type NftForm = 'artist' | 'collection' | 'item' | 'series';

function useIssueText() {
  const { t } = useTranslation();
  return (issue: NftIssue | undefined) =>
    issue ? t(`admin.nft.errors.${issue.key}`, { ...issue.values, kind: issue.values?.kind ? t(`admin.nft.types.${issue.values.kind}`) : undefined }) : null;
}

/** A labelled field with its error (or hint) under it. */
function Field({ label, error, hint, testId, children }: { label: string; error: string | null; hint?: string; testId: string; children: ReactNode }) {
  return (
    <div className={`ui-field ${error ? 'has-error' : ''}`} data-testid={testId}>
      <span className="ui-field-label">{label}</span>
      {children}
      {error ? (
        <p className="ui-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className="ui-field-hint">{hint}</p>
      ) : null}
    </div>
  );
}

function Text({ value, onChange, placeholder, mode, type, maxLength = 200, unit }: { value: string; onChange: (v: string) => void; placeholder?: string; mode?: 'decimal'; type?: string; maxLength?: number; unit?: string }) {
  return (
    <div className="ui-input">
      <Input value={value} onChange={onChange} placeholder={placeholder} inputMode={mode} type={type} maxLength={maxLength} />
      {unit ? <span className="ui-input-unit">{unit}</span> : null}
    </div>
  );
}

/** A media address, with "use the last upload". */
function MediaInput({ value, onChange, lastUpload }: { value: string; onChange: (v: string) => void; lastUpload: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Text value={value} onChange={onChange} placeholder="/media/nft/…" maxLength={120} />
      {lastUpload && lastUpload !== value ? (
        <Button size="mini" fill="none" color="primary" className="nft-admin-use" onClick={() => onChange(lastUpload)}>
          {t('admin.nft.useUpload')}
        </Button>
      ) : null}
    </>
  );
}

/** One of a few choices as chips. */
function Choice<T extends string>({ value, options, onChange, label, testId }: { value: T; options: readonly T[]; onChange: (v: T) => void; label: (v: T) => string; testId: string }) {
  return (
    <div className="funds-chips nft-admin-chips" role="radiogroup">
      {options.map((o) => (
        <button
          type="button"
          key={o}
          role="radio"
          aria-checked={value === o}
          className={`funds-choice small ${value === o ? 'active' : ''}`}
          onClick={() => onChange(o)}
          data-testid={`${testId}-${o}`}
        >
          {label(o)}
        </button>
      ))}
    </div>
  );
}

/** A native select over a list (artists, collections, coins). */
function Select({ value, onChange, options, placeholder }: { value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; placeholder: string }) {
  return (
    <select className="ui-input nft-admin-select" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A form's draft, which fields were touched, whether submitting was tried. */
function useDraft<T extends object>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [tried, setTried] = useState(false);
  const set = <K extends keyof T>(k: K, v: T[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setTouched((x) => ({ ...x, [k]: true }));
  };
  const shown = <K extends keyof T>(k: K) => tried || Boolean(touched[k]);
  return { draft, setDraft, set, shown, tried, setTried };
}

/** When the form was opened: "the end must be in the future" is checked against it (the server checks again). */
function useOpenedAt(): number {
  const [at] = useState(() => Date.now());
  return at;
}

function useNftCoins() {
  const coins = useGetNftCoinsQuery();
  const coinOf = useCoinOf();
  return { list: coins.data ?? [], decimalsOf: (id: string) => (id ? (coinOf(Number(id))?.decimals ?? null) : null) };
}

export function ArtistForm({ onDone, lastUpload }: { onDone: () => void; lastUpload: string | null }) {
  const { t } = useTranslation();
  const text = useIssueText();
  const [create, { isLoading }] = useCreateNftArtistMutation();
  const { draft: d, set, shown, setTried } = useDraft<ArtistDraft>(EMPTY_ARTIST);
  const issues = artistIssues(d);
  const err = (k: keyof ArtistDraft) => (shown(k) ? text(issues[k]) : null);
  const submit = async () => {
    setTried(true);
    if (Object.keys(issues).length) return;
    try {
      const made = await create(artistParams(d)).unwrap();
      showToast(t('admin.nft.created', { id: made.id }), 'success');
      onDone();
    } catch {
      // Told by the admin fetch; the form stays as typed.
    }
  };
  return (
    <div className="admin-editor nft-admin-form" data-testid="admin-nft-artist-form" role="dialog" aria-modal="true" aria-label={t('admin.nft.new.artist')}>
      <h2>{t('admin.nft.new.artist')}</h2>
      <Field label={t('admin.nft.form.name')} error={err('name')} testId="admin-nft-artist-name">
        <Text value={d.name} onChange={(v) => set('name', v)} maxLength={40} />
      </Field>
      <Field label={t('admin.nft.form.avatar')} error={err('avatar')} testId="admin-nft-artist-avatar">
        <MediaInput value={d.avatar} onChange={(v) => set('avatar', v)} lastUpload={lastUpload} />
      </Field>
      <Field label={t('admin.nft.form.intro')} error={err('intro')} testId="admin-nft-artist-intro">
        <TextArea className="ui-input nft-admin-area" value={d.intro} onChange={(v) => set('intro', v)} rows={3} maxLength={ARTIST_INTRO_MAX} />
      </Field>
      <TextsEditor value={d.intros} onChange={(v) => set('intros', v)} maxLength={ARTIST_INTRO_MAX} multiline testId="admin-nft-artist-intros" />
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="admin-nft-artist-submit">
        {t('admin.nft.create')}
      </SubmitButton>
    </div>
  );
}

export function CollectionForm({ onDone, lastUpload }: { onDone: () => void; lastUpload: string | null }) {
  const { t } = useTranslation();
  const text = useIssueText();
  const artists = useGetNftArtistsQuery();
  const [create, { isLoading }] = useCreateNftCollectionMutation();
  const { draft: d, set, shown, setTried } = useDraft<CollectionDraft>(EMPTY_COLLECTION);
  const issues = collectionIssues(d);
  const err = (k: keyof CollectionDraft) => (shown(k) ? text(issues[k]) : null);
  const submit = async () => {
    setTried(true);
    if (Object.keys(issues).length) return;
    try {
      const made = await create(collectionParams(d)).unwrap();
      showToast(t('admin.nft.created', { id: made.id }), 'success');
      onDone();
    } catch {
      // Told by the admin fetch; the form stays as typed.
    }
  };
  return (
    <div className="admin-editor nft-admin-form" data-testid="admin-nft-collection-form" role="dialog" aria-modal="true" aria-label={t('admin.nft.new.collection')}>
      <h2>{t('admin.nft.new.collection')}</h2>
      <Field label={t('admin.nft.form.artist')} error={err('artist_id')} testId="admin-nft-collection-artist">
        <Select
          value={d.artist_id}
          onChange={(v) => set('artist_id', v)}
          placeholder={t('admin.nft.form.choose')}
          options={(artists.data?.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        />
      </Field>
      <Field label={t('admin.nft.form.name')} error={err('name')} testId="admin-nft-collection-name">
        <Text value={d.name} onChange={(v) => set('name', v)} maxLength={40} />
      </Field>
      <Field label={t('admin.nft.form.cover')} error={err('cover')} testId="admin-nft-collection-cover">
        <MediaInput value={d.cover} onChange={(v) => set('cover', v)} lastUpload={lastUpload} />
      </Field>
      <Field label={t('admin.nft.form.intro')} error={err('intro')} testId="admin-nft-collection-intro">
        <TextArea className="ui-input nft-admin-area" value={d.intro} onChange={(v) => set('intro', v)} rows={3} maxLength={ARTIST_INTRO_MAX} />
      </Field>
      <TextsEditor value={d.intros} onChange={(v) => set('intros', v)} maxLength={ARTIST_INTRO_MAX} multiline testId="admin-nft-collection-intros" />
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="admin-nft-collection-submit">
        {t('admin.nft.create')}
      </SubmitButton>
    </div>
  );
}

function CollectionSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const collections = useGetNftCollectionsQuery();
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder={t('admin.nft.form.choose')}
      options={(collections.data?.data ?? []).map((c) => ({ value: String(c.id), label: `${c.name} · ${c.artist_name}` }))}
    />
  );
}

function CoinSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const { list } = useNftCoins();
  return <Select value={value} onChange={onChange} placeholder={t('admin.nft.form.choose')} options={list.map((c) => ({ value: String(c.id), label: c.name }))} />;
}

export function ItemForm({ onDone, lastUpload }: { onDone: () => void; lastUpload: string | null }) {
  const { t } = useTranslation();
  const text = useIssueText();
  const { list, decimalsOf } = useNftCoins();
  const [create, { isLoading }] = useCreateNftItemMutation();
  const now = useOpenedAt();
  const { draft: d, set, shown, setTried } = useDraft<ItemDraft>(EMPTY_ITEM);
  const issues = itemIssues(d, decimalsOf(d.currency), now);
  const err = (k: keyof ItemDraft) => (shown(k) ? text(issues[k]) : null);
  const coin = list.find((c) => String(c.id) === d.currency)?.name;
  const submit = async () => {
    setTried(true);
    if (Object.keys(issues).length) return;
    try {
      const made = await create(itemParams(d)).unwrap();
      showToast(t('admin.nft.itemCreated', { name: made.name, id: made.id }), 'success');
      onDone();
    } catch {
      // Told by the admin fetch; the form stays as typed.
    }
  };
  return (
    <div className="admin-editor nft-admin-form" data-testid="admin-nft-item-form" role="dialog" aria-modal="true" aria-label={t('admin.nft.new.item')}>
      <h2>{t('admin.nft.new.item')}</h2>
      <Field label={t('admin.nft.form.collection')} error={err('collection_id')} testId="admin-nft-item-collection">
        <CollectionSelect value={d.collection_id} onChange={(v) => set('collection_id', v)} />
      </Field>
      <Field label={t('admin.nft.form.name')} error={err('name')} testId="admin-nft-item-name">
        <Text value={d.name} onChange={(v) => set('name', v)} maxLength={60} />
      </Field>
      <Field label={t('admin.nft.form.type')} error={null} testId="admin-nft-item-type">
        <Choice value={d.type} options={NFT_TYPES} onChange={(v) => set('type', v)} label={(v) => t(`admin.nft.types.${v}`)} testId="admin-nft-item-type" />
      </Field>
      <Field label={t('admin.nft.form.media')} error={err('media')} testId="admin-nft-item-media">
        <MediaInput value={d.media} onChange={(v) => set('media', v)} lastUpload={lastUpload} />
      </Field>
      <Field label={t('admin.nft.form.cover')} error={err('cover')} hint={t('admin.nft.form.coverHint')} testId="admin-nft-item-cover">
        <MediaInput value={d.cover} onChange={(v) => set('cover', v)} lastUpload={lastUpload} />
      </Field>
      <Field label={t('admin.nft.form.rarity')} error={null} testId="admin-nft-item-rarity">
        <Choice value={d.rarity} options={RARITIES} onChange={(v) => set('rarity', v)} label={(v) => t(`admin.nft.rarity.${v}`)} testId="admin-nft-item-rarity" />
      </Field>
      <Field label={t('admin.nft.form.coin')} error={err('currency')} testId="admin-nft-item-currency">
        <CoinSelect value={d.currency} onChange={(v) => set('currency', v)} />
      </Field>
      <Field label={t('admin.nft.form.listing')} error={null} testId="admin-nft-item-mode">
        <Choice value={d.mode} options={['none', 'normal', 'auction'] as const} onChange={(v) => set('mode', v)} label={(v) => t(`admin.nft.mode.${v}`)} testId="admin-nft-item-mode" />
      </Field>
      {d.mode !== 'none' ? (
        <>
          <Field label={t(d.mode === 'auction' ? 'admin.nft.form.startPrice' : 'admin.nft.form.price')} error={err('price')} testId="admin-nft-item-price">
            <Text value={d.price} onChange={(v) => set('price', v)} mode="decimal" maxLength={24} unit={coin} />
          </Field>
          {d.mode === 'auction' ? (
            <>
              <Field label={t('admin.nft.form.step')} error={err('step')} testId="admin-nft-item-step">
                <Text value={d.step} onChange={(v) => set('step', v)} mode="decimal" maxLength={24} unit={coin} />
              </Field>
              <Field label={t('admin.nft.form.margin')} error={err('margin')} hint={t('admin.nft.form.marginHint')} testId="admin-nft-item-margin">
                <Text value={d.margin} onChange={(v) => set('margin', v)} mode="decimal" maxLength={24} unit={coin} />
              </Field>
            </>
          ) : null}
          <Field label={t('admin.nft.form.startsAt')} error={err('starts_at')} hint={t('admin.nft.form.startsHint')} testId="admin-nft-item-starts">
            <Text value={d.starts_at} onChange={(v) => set('starts_at', v)} type="datetime-local" maxLength={20} />
          </Field>
          <Field label={t('admin.nft.form.endsAt')} error={err('ends_at')} testId="admin-nft-item-ends">
            <Text value={d.ends_at} onChange={(v) => set('ends_at', v)} type="datetime-local" maxLength={20} />
          </Field>
        </>
      ) : null}
      <Field label={t('admin.nft.form.intro')} error={err('intro')} testId="admin-nft-item-intro">
        <TextArea className="ui-input nft-admin-area" value={d.intro} onChange={(v) => set('intro', v)} rows={3} maxLength={ITEM_INTRO_MAX} />
      </Field>
      <TextsEditor value={d.intros} onChange={(v) => set('intros', v)} maxLength={ITEM_INTRO_MAX} multiline testId="admin-nft-item-intros" />
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="admin-nft-item-submit">
        {t('admin.nft.create')}
      </SubmitButton>
    </div>
  );
}

export function SeriesForm({ onDone, lastUpload }: { onDone: () => void; lastUpload: string | null }) {
  const { t } = useTranslation();
  const text = useIssueText();
  const { list, decimalsOf } = useNftCoins();
  const [create, { isLoading }] = useCreateNftSeriesMutation();
  const now = useOpenedAt();
  const { draft: d, setDraft, set, shown, tried, setTried } = useDraft<SeriesDraft>(EMPTY_SERIES);
  const issues = seriesIssues(d, decimalsOf(d.currency), now);
  const err = (k: Exclude<keyof SeriesDraft, 'items'>) => (shown(k) ? text(issues.fields[k]) : null);
  const coin = list.find((c) => String(c.id) === d.currency)?.name;
  const setRow = (i: number, row: Partial<SeriesDraft['items'][number]>) => setDraft((x) => ({ ...x, items: x.items.map((r, j) => (j === i ? { ...r, ...row } : r)) }));
  const submit = async () => {
    setTried(true);
    if (seriesHasIssues(issues)) return;
    try {
      const made = await create(seriesParams(d)).unwrap();
      showToast(t('admin.nft.created', { id: made.id }), 'success');
      onDone();
    } catch {
      // Told by the admin fetch; the form stays as typed.
    }
  };
  return (
    <div className="admin-editor nft-admin-form" data-testid="admin-nft-series-form" role="dialog" aria-modal="true" aria-label={t('admin.nft.new.series')}>
      <h2>{t('admin.nft.new.series')}</h2>
      <p className="hint earn-hint">{t('admin.nft.seriesHint')}</p>
      <Field label={t('admin.nft.form.collection')} error={err('collection_id')} testId="admin-nft-series-collection">
        <CollectionSelect value={d.collection_id} onChange={(v) => set('collection_id', v)} />
      </Field>
      <Field label={t('admin.nft.form.name')} error={err('name')} testId="admin-nft-series-name">
        <Text value={d.name} onChange={(v) => set('name', v)} maxLength={60} />
      </Field>
      <Field label={t('admin.nft.form.cover')} error={err('cover')} testId="admin-nft-series-cover">
        <MediaInput value={d.cover} onChange={(v) => set('cover', v)} lastUpload={lastUpload} />
      </Field>
      <Field label={t('admin.nft.form.coin')} error={err('currency')} testId="admin-nft-series-currency">
        <CoinSelect value={d.currency} onChange={(v) => set('currency', v)} />
      </Field>
      <Field label={t('admin.nft.form.boxPrice')} error={err('price')} testId="admin-nft-series-price">
        <Text value={d.price} onChange={(v) => set('price', v)} mode="decimal" maxLength={24} unit={coin} />
      </Field>
      <Field label={t('admin.nft.form.startsAt')} error={err('starts_at')} hint={t('admin.nft.form.startsHint')} testId="admin-nft-series-starts">
        <Text value={d.starts_at} onChange={(v) => set('starts_at', v)} type="datetime-local" maxLength={20} />
      </Field>
      <Field label={t('admin.nft.form.endsAt')} error={err('ends_at')} testId="admin-nft-series-ends">
        <Text value={d.ends_at} onChange={(v) => set('ends_at', v)} type="datetime-local" maxLength={20} />
      </Field>
      <Field label={t('admin.nft.form.intro')} error={err('intro')} testId="admin-nft-series-intro">
        <TextArea className="ui-input nft-admin-area" value={d.intro} onChange={(v) => set('intro', v)} rows={2} maxLength={ITEM_INTRO_MAX} />
      </Field>
      <TextsEditor value={d.intros} onChange={(v) => set('intros', v)} maxLength={ITEM_INTRO_MAX} multiline testId="admin-nft-series-intros" />
      <h3 className="admin-subtitle">{t('admin.nft.form.items', { n: d.items.length })}</h3>
      {tried && issues.fields.items ? (
        <p className="ui-error" role="alert">
          {text(issues.fields.items)}
        </p>
      ) : null}
      {d.items.map((row, i) => {
        const rowIssues = issues.rows[i] ?? {};
        return (
          <div key={i} className="nft-admin-row" data-testid="admin-nft-series-row">
            <div className="nft-admin-row-head">
              <strong>{t('admin.nft.form.slot', { n: i })}</strong>
              <Button
                size="small"
                fill="none"
                color="danger"
                aria-label={t('admin.nft.form.removeItem')}
                disabled={d.items.length === 1}
                onClick={() => setDraft((x) => ({ ...x, items: x.items.filter((_, j) => j !== i) }))}
                data-testid="admin-nft-series-remove"
              >
                <DeleteOutline />
              </Button>
            </div>
            <Field label={t('admin.nft.form.name')} error={tried ? text(rowIssues.name) : null} testId="admin-nft-row-name">
              <Text value={row.name} onChange={(v) => setRow(i, { name: v })} maxLength={60} />
            </Field>
            <Choice value={row.type} options={NFT_TYPES} onChange={(v) => setRow(i, { type: v })} label={(v) => t(`admin.nft.types.${v}`)} testId={`admin-nft-row-type-${i}`} />
            <Field label={t('admin.nft.form.media')} error={tried ? text(rowIssues.media) : null} testId="admin-nft-row-media">
              <MediaInput value={row.media} onChange={(v) => setRow(i, { media: v })} lastUpload={lastUpload} />
            </Field>
            <Choice value={row.rarity} options={RARITIES} onChange={(v) => setRow(i, { rarity: v })} label={(v) => t(`admin.nft.rarity.${v}`)} testId={`admin-nft-row-rarity-${i}`} />
          </div>
        );
      })}
      <Button block fill="outline" shape="rounded" onClick={() => setDraft((x) => ({ ...x, items: [...x.items, { ...EMPTY_ROW }] }))} data-testid="admin-nft-series-add">
        <AddOutline /> {t('admin.nft.form.addItem')}
      </Button>
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="admin-nft-series-submit">
        {t('admin.nft.create')}
      </SubmitButton>
    </div>
  );
}

/** Links an artist to a user, named by id or by e-mail or mobile; what the artist accrued is paid to the user now. */
export function LinkForm({ artist, onDone }: { artist: AdminArtistRoyalties; onDone: () => void }) {
  const { t } = useTranslation();
  const text = useIssueText();
  const [link, { isLoading }] = useLinkNftArtistMutation();
  const { draft: d, set, shown, setTried } = useDraft<LinkDraft>(EMPTY_LINK);
  const issue = linkIssue(d);
  const submit = async () => {
    setTried(true);
    if (issue) return;
    try {
      const done = await link(linkParams(artist.id, d)).unwrap();
      const name = done.artist.name;
      showToast(done.paid.length ? t('admin.nft.royalties.linkedPaid', { name, amounts: amountsLine(done.paid, formatDecimal) }) : t('admin.nft.royalties.linkedNothing', { name }), 'success');
      onDone();
    } catch {
      // Told by the admin fetch (no such user, linked to someone else…); the form stays as typed.
    }
  };
  return (
    <div className="admin-editor nft-admin-form" data-testid="admin-nft-link-form">
      <h2>{t('admin.nft.royalties.linkTitle', { name: artist.name })}</h2>
      <p className="hint earn-hint">{t('admin.nft.royalties.linkHint')}</p>
      <Choice value={d.by} options={LINK_BY} onChange={(v) => set('by', v)} label={(v) => t(v === 'id' ? 'admin.nft.royalties.byId' : 'admin.nft.royalties.byAccount')} testId="admin-nft-link-by" />
      <Field label={t('admin.nft.royalties.user')} error={shown('value') ? text(issue ?? undefined) : null} testId="admin-nft-link-user">
        <Text value={d.value} onChange={(v) => set('value', v)} placeholder={t(d.by === 'id' ? 'admin.nft.royalties.byId' : 'admin.nft.royalties.byAccount')} maxLength={254} />
      </Field>
      <SubmitButton busy={isLoading} type="button" onClick={() => void submit()} testId="admin-nft-link-submit">
        {t('admin.nft.royalties.submit')}
      </SubmitButton>
    </div>
  );
}
