/**
 * Lead-trader applications, pending first, filtered by state: each with its
 * name, introduction, profit share and follower cap; a pending one can be
 * approved (confirmed: the trader starts leading and appears in the list) or
 * rejected with a required reason, which the applicant sees.
 */
import { Button, Dialog, TextArea } from 'antd-mobile';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { useLazyGetLeadApplicationsQuery, useReviewLeadApplicationMutation, type LeadApplication } from '../api';
import { leadFilters, leadStatus, ppmPercent, type LeadStatus } from '../logic';
import '../leads.css';

const TONES: Record<LeadStatus, StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
  paused: 'muted',
  retired: 'muted',
  all: 'muted',
};

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="funds-line">
      <span className="funds-line-label">{label}</span>
      <span className="funds-line-value">{children}</span>
    </div>
  );
}

interface CardProps {
  item: LeadApplication;
  update: (next: LeadApplication) => void;
  remove: () => void;
  filterState: number | undefined;
}

function LeadCard({ item, update, remove, filterState }: CardProps) {
  const { t } = useTranslation();
  const [review, { isLoading }] = useReviewLeadApplicationMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const status = leadStatus(item.status);

  // A decided application leaves a list filtered to another state at once.
  const settle = (next: LeadApplication) => (filterState !== undefined && next.status !== filterState ? remove() : update(next));

  const approve = async () => {
    const ok = await Dialog.confirm({
      content: <span data-testid="admin-lead-approve-confirm">{t('admin.leads.approveConfirm', { name: item.name, user: item.user_id })}</span>,
      confirmText: t('admin.approve'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await review({ trader_id: item.user_id, action: 'approve' }).unwrap();
      settle({ ...item, status: 1, reviewed_at: Date.now() });
      showToast(t('admin.approved'), 'success');
    } catch {
      // Told by the admin fetch (a second decision is refused).
    }
  };

  const reject = async () => {
    const text = reason.trim();
    if (!text) {
      setReasonError(true);
      return;
    }
    try {
      await review({ trader_id: item.user_id, action: 'reject', reason: text }).unwrap();
      settle({ ...item, status: 2, reject_reason: text, reviewed_at: Date.now() });
      setRejecting(false);
      showToast(t('admin.rejected'), 'success');
    } catch {
      // Told by the admin fetch; the reason stays typed.
    }
  };

  return (
    <article className="funds-item" data-testid="admin-lead" data-id={item.user_id} data-state={item.status}>
      <header className="funds-item-head">
        <strong className="ellipsis">{item.name}</strong>
        <StatusTag tone={TONES[status]}>{t(`admin.leads.state.${status}`)}</StatusTag>
      </header>
      <p className="admin-lead-intro">{item.intro}</p>
      <Line label={t('admin.leads.user')}>#{item.user_id}</Line>
      <Line label={t('admin.leads.share')}>{ppmPercent(item.share_ppm)}</Line>
      <Line label={t('admin.leads.maxFollowers')}>{item.max_followers}</Line>
      <Line label={t('admin.submittedAt')}>{formatDateTime(item.created_at)}</Line>
      {item.reviewed_at ? <Line label={t('admin.leads.reviewedAt')}>{formatDateTime(item.reviewed_at)}</Line> : null}
      {item.reject_reason ? <p className="funds-reason">{t('admin.reasonLabel', { reason: item.reject_reason })}</p> : null}
      {status === 'pending' ? (
        <div className="funds-item-actions">
          <Button size="small" shape="rounded" className="danger-button" onClick={() => setRejecting(true)} disabled={isLoading} data-testid="admin-lead-reject">
            {t('admin.reject')}
          </Button>
          <Button size="small" shape="rounded" color="primary" onClick={approve} disabled={isLoading} data-testid="admin-lead-approve">
            {t('admin.approve')}
          </Button>
        </div>
      ) : null}
      <Dialog
        visible={rejecting}
        title={t('admin.leads.rejectTitle', { name: item.name })}
        onClose={() => setRejecting(false)}
        content={
          <div className="admin-reject" data-testid="admin-lead-reject-dialog">
            <TextArea
              value={reason}
              onChange={(v) => {
                setReason(v);
                if (v.trim()) setReasonError(false);
              }}
              placeholder={t('admin.reasonPlaceholder')}
              rows={3}
              maxLength={200}
              showCount
            />
            {reasonError ? <p className="funds-reason">{t('admin.reasonRequired')}</p> : null}
          </div>
        }
        actions={[
          [
            { key: 'cancel', text: t('common.cancel'), onClick: () => setRejecting(false) },
            { key: 'reject', text: t('admin.reject'), bold: true, danger: true, disabled: isLoading, onClick: reject },
          ],
        ]}
      />
    </article>
  );
}

export function LeadTradersPanel() {
  const { t } = useTranslation();
  const filters = leadFilters();
  const [filter, setFilter] = useState(filters[0]);
  const [fetchList] = useLazyGetLeadApplicationsQuery();

  const fetchPage = useCallback(
    (page: number) => fetchList({ status: filter.state, page, limit: PAGE_LIMIT }).unwrap(),
    [fetchList, filter],
  );

  return (
    <div data-testid="admin-leads">
      <div className="funds-chips admin-filters" role="radiogroup">
        {filters.map((f) => (
          <button
            type="button"
            key={f.key}
            role="radio"
            aria-checked={f.key === filter.key}
            className={`funds-choice small ${f.key === filter.key ? 'active' : ''}`}
            onClick={() => setFilter(f)}
            data-testid={`admin-lead-filter-${f.key}`}
          >
            {t(`admin.leads.state.${f.key}`)}
          </button>
        ))}
      </div>
      <PagedList<LeadApplication>
        resetKey={`leads-${filter.key}`}
        fetchPage={fetchPage}
        itemKey={(x) => x.user_id}
        emptyTitle={t('admin.leads.empty')}
        renderItem={(item, update, remove) => <LeadCard item={item} update={update} remove={remove} filterState={filter.state} />}
      />
    </div>
  );
}
