/**
 * One review queue (deposits, withdrawals or verifications) filtered by state:
 * each request with its details and pictures; a pending one can be approved
 * (confirmed) or rejected with a required reason.
 */
import { ImageViewer } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { PagedList } from '../../../components/PagedList';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import {
  useDecideMutation,
  useLazyGetAdminQueueQuery,
  type AdminDeposit,
  type AdminVerification,
  type AdminWithdrawal,
  type QueueItem,
  type QueueKind,
} from '../api';
import { queueFilters, stateLook, type QueueFilter } from '../logic';
import { Line } from './Line';
import { ReviewActions } from './ReviewActions';


function Pictures({ pictures }: { pictures: { src: string; label: string }[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const shown = pictures.filter((p) => p.src);
  if (shown.length === 0) return null;
  return (
    <div className="admin-pictures">
      {shown.map((p) => (
        <button type="button" key={p.label} className="admin-picture" onClick={() => setOpen(p.src)}>
          <img src={p.src} alt={p.label} />
          <span className="ellipsis">{p.label}</span>
        </button>
      ))}
      <ImageViewer image={open ?? ""} visible={open !== null} onClose={() => setOpen(null)} />
    </div>
  );
}

/**
 * An amount as a reviewer must see it: exact, every decimal the request holds
 * (not cut to the display precision of the user screens), grouped, since
 * approving moves exactly this much ("1,000.123456 USDT").
 */
function exact(value: string, coin: string): string {
  return `${formatDecimal(value)} ${coin}`;
}

function Details({ kind, item }: { kind: QueueKind; item: QueueItem }) {
  const { t } = useTranslation();
  if (kind === 'deposits') {
    const d = item as AdminDeposit;
    return (
      <>
        <div className="funds-item-amount">{exact(d.amount, d.currency)}</div>
        <Line label={t('admin.network')}>{d.network}</Line>
        <Line label={t('admin.address')}>
          <span className="funds-break">{d.address}</span>
        </Line>
        <Pictures pictures={[{ src: d.voucher, label: t('admin.voucher') }]} />
      </>
    );
  }
  if (kind === 'withdrawals') {
    const w = item as AdminWithdrawal;
    return (
      <>
        <div className="funds-item-amount">{exact(w.number, w.currency)}</div>
        <Line label={t('admin.type')}>{t(`admin.withdrawType.${w.type}`, { defaultValue: String(w.type) })}</Line>
        <Line label={t('admin.destination')}>
          <span className="funds-break">{w.destination}</span>
        </Line>
        <Line label={t('admin.fee')}>{exact(w.fee, w.currency)}</Line>
        <Line label={t('admin.receive')}>{exact(w.receive, w.currency)}</Line>
      </>
    );
  }
  const v = item as AdminVerification;
  return (
    <>
      <Line label={t('admin.level')}>{`Lv${v.level}`}</Line>
      {v.name ? <Line label={t('admin.name')}>{v.name}</Line> : null}
      {v.id_type ? <Line label={t('admin.idType')}>{t(`admin.idTypes.${v.id_type}`, { defaultValue: v.id_type })}</Line> : null}
      {v.card_id ? <Line label={t('admin.idNumber')}>{v.card_id}</Line> : null}
      {v.erc_address ? (
        <Line label="ERC20">
          <span className="funds-break">{v.erc_address}</span>
        </Line>
      ) : null}
      {v.trc_address ? (
        <Line label="TRC20">
          <span className="funds-break">{v.trc_address}</span>
        </Line>
      ) : null}
      <Pictures
        pictures={[
          { src: v.front_pic, label: t('admin.front') },
          { src: v.reverse_pic, label: t('admin.back') },
        ]}
      />
    </>
  );
}

const TONES: Record<string, StatusTone> = { pending: 'pending', approved: 'success', rejected: 'danger', cancelled: 'muted' };

/** The requester as a reviewer knows them. */
function requester(item: QueueItem): string {
  return item.account || `#${item.user_id}`;
}

/** What approving moves, for the confirmation: the amount of a deposit or withdrawal. */
function amountOf(kind: QueueKind, item: QueueItem): string | null {
  if (kind === 'deposits') return exact((item as AdminDeposit).amount, (item as AdminDeposit).currency);
  if (kind === 'withdrawals') return exact((item as AdminWithdrawal).number, (item as AdminWithdrawal).currency);
  return null;
}

interface CardProps {
  kind: QueueKind;
  item: QueueItem;
  update: (next: QueueItem) => void;
  remove: () => void;
  /** The state the list is filtered to (undefined: every state). */
  filterState: number | undefined;
}

function QueueCard({ kind, item, update, remove, filterState }: CardProps) {
  const { t } = useTranslation();
  const [decide, { isLoading }] = useDecideMutation();
  const look = stateLook(kind, item.state);

  // A decided request leaves a list filtered to another state at once.
  const settle = (next: QueueItem) => (filterState !== undefined && next.state !== filterState ? remove() : update(next));

  const amount = amountOf(kind, item);
  return (
    <article className="funds-item" data-testid={`admin-item-${kind}`} data-id={item.id} data-state={item.state}>
      <header className="funds-item-head">
        <strong className="ellipsis">{t('admin.requestTitle', { id: item.id, user: requester(item) })}</strong>
        <StatusTag tone={TONES[look.status] ?? 'muted'}>{t(`admin.state.${look.status}`)}</StatusTag>
      </header>
      <Details kind={kind} item={item} />
      <Line label={t('admin.submittedAt')}>{formatDateTime(item.created_at)}</Line>
      {item.reason ? <p className="funds-reason">{t('admin.reasonLabel', { reason: item.reason })}</p> : null}
      {look.status === 'pending' ? (
        <ReviewActions
          busy={isLoading}
          testId="admin"
          confirm={
            <span data-testid="admin-approve-confirm">
              {amount
                ? t('admin.approveMoney', { id: item.id, amount, user: requester(item) })
                : t('admin.approveUser', { id: item.id, user: requester(item) })}
            </span>
          }
          rejectTitle={t('admin.rejectTitle', { id: item.id })}
          onApprove={async () => {
            await decide({ kind, id: item.id, action: 'approve' }).unwrap();
            settle({ ...item, state: look.approvedState });
          }}
          onReject={async (reason) => {
            await decide({ kind, id: item.id, action: 'reject', reason }).unwrap();
            settle({ ...item, state: look.rejectedState, reason });
          }}
        />
      ) : null}
    </article>
  );
}

export function QueuePanel({ kind }: { kind: QueueKind }) {
  const { t } = useTranslation();
  const filters = queueFilters(kind);
  const [filter, setFilter] = useState<QueueFilter>(filters[0]);
  const [fetchQueue] = useLazyGetAdminQueueQuery();

  const fetchPage = useCallback(
    (page: number) => fetchQueue({ kind, state: filter.state, page, limit: PAGE_LIMIT }).unwrap(),
    [fetchQueue, kind, filter],
  );

  return (
    <div data-testid={`admin-queue-${kind}`}>
      <div className="funds-chips admin-filters" role="radiogroup">
        {filters.map((f) => (
          <button
            type="button"
            key={f.key}
            role="radio"
            aria-checked={f.key === filter.key}
            className={`funds-choice small ${f.key === filter.key ? 'active' : ''}`}
            onClick={() => setFilter(f)}
            data-testid={`admin-filter-${f.key}`}
          >
            {t(`admin.state.${f.key}`)}
          </button>
        ))}
      </div>
      <PagedList<QueueItem>
        resetKey={`${kind}-${filter.key}`}
        fetchPage={fetchPage}
        itemKey={(x) => x.id}
        emptyTitle={t('admin.emptyQueue')}
        renderItem={(item, update, remove) => <QueueCard kind={kind} item={item} update={update} remove={remove} filterState={filter.state} />}
      />
    </div>
  );
}
