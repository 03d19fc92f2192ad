/**
 * System health: every running actor of every kind (markets, the socket hub,
 * the demo traders, and each product's actors as they come), refreshed every
 * two seconds. Each card shows the actor's own checks, its backlog and how
 * long it has been silent, highlighted when high, and its restarts.
 */
import { useTranslation } from 'react-i18next';
import { QueryBlock } from '../../../components/QueryBlock';
import { formatDateTime, formatDecimal } from '../../../lib/format';
import { useGetHealthQuery, type ActorCheck, type ActorHealth } from '../api';
import { OrderStages } from './OrderStages';
import { actorLevel, backlogLevel, levelCounts, shortAge, silenceLevel, silentFor } from '../logic';
import '../health.css';

const HEALTH_POLL_MS = 2000;
/**
 * Actors working for the demo: the demo traders place real orders from demo
 * accounts, so the admin must be able to tell their activity from customers'.
 */
const DEMO_KINDS = new Set(['demo-traders']);
/** Checks whose detail, when a number, is a moment (ms since the epoch): shown as a date and time. */
const TIME_CHECKS = new Set(['next_accrual', 'last_accrual', 'next_timer', 'last_renewal']);

function CheckRow({ check }: { check: ActorCheck }) {
  const { t } = useTranslation();
  const numeric = /^-?\d+(\.\d+)?$/.test(check.detail);
  const detail =
    TIME_CHECKS.has(check.name) && /^\d+$/.test(check.detail)
      ? formatDateTime(Number(check.detail))
      : numeric
        ? formatDecimal(check.detail)
        : t(`admin.health.details.${check.detail}`, { defaultValue: check.detail });
  return (
    <li className={`health-check ${check.status}`} data-testid="admin-check" data-name={check.name} data-status={check.status}>
      <span className={`admin-dot ${check.status}`} aria-hidden />
      <span className="health-check-name">{t(`admin.health.checks.${check.name}`, { defaultValue: check.name })}</span>
      <strong className="admin-mono">{detail}</strong>
    </li>
  );
}

function ActorCard({ actor, at }: { actor: ActorHealth; at: number }) {
  const { t } = useTranslation();
  const level = actorLevel(actor, at);
  const silent = silentFor(actor.last_message_at, at);
  const age = silent === null ? null : shortAge(silent);
  return (
    <article className={`funds-item health-actor ${level}`} data-testid="admin-actor" data-name={actor.name} data-level={level}>
      <header className="funds-item-head">
        <span className="admin-name">
          <span className={`admin-dot ${level}`} role="img" aria-label={t(`admin.health.${level}`)} />
          <strong className="ellipsis admin-mono">{actor.name}</strong>
        </span>
        <span className="health-tags">
          {DEMO_KINDS.has(actor.kind) ? (
            <span className="admin-demo-tag" data-testid="admin-actor-demo">
              {t('admin.demo')}
            </span>
          ) : null}
          <span className="health-kind">{t(`admin.health.kinds.${actor.kind}`, { defaultValue: actor.kind })}</span>
        </span>
      </header>
      <div className="health-figures">
        <span className={`health-figure ${backlogLevel(actor.backlog)}`} data-testid="admin-actor-backlog">
          <span>{t('admin.health.backlog')}</span>
          <strong>{formatDecimal(actor.backlog)}</strong>
        </span>
        <span className="health-figure">
          <span>{t('admin.health.handled')}</span>
          <strong>{formatDecimal(actor.handled)}</strong>
        </span>
        <span className={`health-figure ${silenceLevel(silent)}`} data-testid="admin-actor-last">
          <span>{t('admin.health.last')}</span>
          <strong>{age ? t(`admin.health.ago.${age.unit}`, { value: age.value }) : t('admin.health.never')}</strong>
        </span>
        <span className={`health-figure ${actor.restarts > 0 ? 'warn' : 'ok'}`} data-testid="admin-actor-restarts">
          <span>{t('admin.health.restarts')}</span>
          <strong>{actor.restarts}</strong>
        </span>
      </div>
      {actor.checks.length > 0 ? (
        <ul className="health-checks">
          {actor.checks.map((c) => (
            <CheckRow key={c.name} check={c} />
          ))}
        </ul>
      ) : null}
      <time className="hint">{t('admin.health.since', { time: formatDateTime(actor.started_at) })}</time>
    </article>
  );
}

export function HealthPanel() {
  const { t } = useTranslation();
  const health = useGetHealthQuery(undefined, { pollingInterval: HEALTH_POLL_MS, refetchOnMountOrArgChange: true });
  const actors = health.data?.actors ?? [];
  const at = health.data?.at ?? 0;
  const counts = levelCounts(actors.map((a) => actorLevel(a, at)));
  return (
    <QueryBlock isLoading={health.isLoading} isError={health.isError && !health.data} onRetry={health.refetch} empty={actors.length === 0}>
      <div data-testid="admin-health">
        <p className="health-summary" data-testid="admin-health-summary">
          {t('admin.health.summary', { total: actors.length, ...counts })}
        </p>
        <p className="hint admin-refresh">{t('admin.health.refresh', { seconds: HEALTH_POLL_MS / 1000 })}</p>
        <OrderStages stages={health.data?.orders ?? []} />
        {actors.map((a) => (
          <ActorCard key={a.name} actor={a} at={at} />
        ))}
      </div>
    </QueryBlock>
  );
}
