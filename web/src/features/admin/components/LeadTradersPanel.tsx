/**
 * Lead-trader applications, pending first, filtered by state: each with its
 * name, introduction, profit share and follower cap; a pending one can be
 * approved (confirmed: the trader starts leading and appears in the list) or
 * rejected with a required reason, which the applicant sees.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/PagedList';
import { PAGE_LIMIT } from '../../../lib/constants';
import { formatDateTime } from '../../../lib/format';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { Button } from 'antd-mobile';
import { SubmitButton } from '../../../components/SubmitButton';
import { showToast } from '../../../lib/toast';
import { useLazyGetLeadApplicationsQuery, useReviewLeadApplicationMutation, useSetLeadIntrosMutation, type LeadApplication } from '../api';
import { filledLangs, textsIssue, TEXT_LANGS, type Texts } from '../texts';
import { TextsEditor } from './TextsEditor';
import { leadFilters, leadStatus, ppmPercent, type LeadStatus } from '../logic';
import '../leads.css';
import { Line } from './Line';
import { ReviewActions } from './ReviewActions';

const TONES: Record<LeadStatus, StatusTone> = {
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
  paused: 'muted',
  retired: 'muted',
  all: 'muted',
};


interface CardProps {
  item: LeadApplication;
  update: (next: LeadApplication) => void;
  remove: () => void;
  filterState: number | undefined;
}

/** The server's bound of a trader's intro in another language (src/texts.rs). */
const INTRO_TEXTS_MAX = 500;

/**
 * The trader's intro in the other languages: the trader writes one text
 * (shown in every language without one of its own); an admin adds the
 * others here.
 */
function IntroLanguages({ item, update }: { item: LeadApplication; update: (next: LeadApplication) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Texts>(item.intros ?? {});
  const [save, { isLoading }] = useSetLeadIntrosMutation();
  const filled = filledLangs(item.intros).length;
  if (!open) {
    return (
      <Button size="small" fill="outline" className="admin-lead-langs" onClick={() => setOpen(true)} data-testid="admin-lead-langs">
        {t('admin.texts.title')} · {t('admin.texts.filled', { n: filled, total: TEXT_LANGS.length })}
      </Button>
    );
  }
  return (
    <div className="admin-lead-texts">
      <TextsEditor value={draft} onChange={setDraft} maxLength={INTRO_TEXTS_MAX} multiline testId="admin-lead-intros" />
      <SubmitButton
        busy={isLoading}
        type="button"
        onClick={() => {
          // The editor says which language is too long.
          if (textsIssue(draft, INTRO_TEXTS_MAX)) return;
          void save({ trader_id: item.user_id, intros: draft })
            .unwrap()
            .then((next) => {
              update({ ...item, intros: next.intros ?? {} });
              showToast(t('admin.texts.saved'), 'success');
              setOpen(false);
            })
            // Told by the admin fetch; the editor stays as typed.
            .catch(() => undefined);
        }}
        testId="admin-lead-intros-save"
      >
        {t('admin.texts.save')}
      </SubmitButton>
    </div>
  );
}

function LeadCard({ item, update, remove, filterState }: CardProps) {
  const { t } = useTranslation();
  const [review, { isLoading }] = useReviewLeadApplicationMutation();
  const status = leadStatus(item.status);

  // A decided application leaves a list filtered to another state at once.
  const settle = (next: LeadApplication) => (filterState !== undefined && next.status !== filterState ? remove() : update(next));

  return (
    <article className="funds-item" data-testid="admin-lead" data-id={item.user_id} data-state={item.status}>
      <header className="funds-item-head">
        <strong className="ellipsis">{item.name}</strong>
        <StatusTag tone={TONES[status]}>{t(`admin.leads.state.${status}`)}</StatusTag>
      </header>
      <p className="admin-lead-intro">{item.intro}</p>
      <IntroLanguages item={item} update={update} />
      <Line label={t('admin.leads.user')}>#{item.user_id}</Line>
      <Line label={t('admin.leads.share')}>{ppmPercent(item.share_ppm)}</Line>
      <Line label={t('admin.leads.maxFollowers')}>{item.max_followers}</Line>
      <Line label={t('admin.submittedAt')}>{formatDateTime(item.created_at)}</Line>
      {item.reviewed_at ? <Line label={t('admin.leads.reviewedAt')}>{formatDateTime(item.reviewed_at)}</Line> : null}
      {item.reject_reason ? <p className="funds-reason">{t('admin.reasonLabel', { reason: item.reject_reason })}</p> : null}
      {status === 'pending' ? (
        <ReviewActions
          busy={isLoading}
          testId="admin-lead"
          confirm={<span data-testid="admin-lead-approve-confirm">{t('admin.leads.approveConfirm', { name: item.name, user: item.user_id })}</span>}
          rejectTitle={t('admin.leads.rejectTitle', { name: item.name })}
          onApprove={async () => {
            await review({ trader_id: item.user_id, action: 'approve' }).unwrap();
            settle({ ...item, status: 1, reviewed_at: Date.now() });
          }}
          onReject={async (reason) => {
            await review({ trader_id: item.user_id, action: 'reject', reason }).unwrap();
            settle({ ...item, status: 2, reject_reason: reason, reviewed_at: Date.now() });
          }}
        />
      ) : null}
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
