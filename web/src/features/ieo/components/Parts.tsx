/**
 * Small pieces the IEO screens share: a project's state tag, its progress
 * bar and its live countdown (figures, lines and "load more" are the app's
 * own: components/Figures.tsx, components/LoadMore.tsx).
 */
import { Tag } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { Project } from '../api';
import { barPercent, countdownOf, durationParts, isOversubscribed, progressText, projectState } from '../logic';

const STATE_COLOR = { warmup: 'warning', live: 'success', ended: 'default', credited: 'primary' } as const;

export function StateTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const state = projectState(status);
  return (
    <Tag color={STATE_COLOR[state]} fill="outline" className="ieo-state" data-testid="ieo-state" data-state={state}>
      {t(`ieo.state.${state}`)}
    </Tag>
  );
}

/** Subscribed against the supply: a bar (full at 100 %) and the percent, which may pass 100. */
export function Progress({ p, exact }: { p: Project; exact: (v: string) => string }) {
  const { t } = useTranslation();
  const over = isOversubscribed(p);
  return (
    <div className="ieo-progress" data-testid="ieo-progress">
      <div className="ieo-progress-top">
        <span className="ui-figure-label">{t('ieo.progress')}</span>
        <b className={over ? 'ieo-over' : ''} data-testid="ieo-progress-percent">
          {progressText(p.oversubscribed)}
        </b>
      </div>
      <div className="ieo-bar" role="progressbar" aria-label={t('ieo.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={barPercent(p.oversubscribed)}>
        <span style={{ width: `${barPercent(p.oversubscribed)}%` }} className={over ? 'over' : ''} />
      </div>
      <div className="ieo-progress-bottom hint">
        <span className="ieo-progress-amounts">
          {exact(p.subscribed)} / {exact(p.supply)} {p.token}
        </span>
        <span>{t('ieo.subscribers', { count: p.subscribers })}</span>
      </div>
      {over ? (
        <p className="ieo-over-note" data-testid="ieo-oversubscribed">
          {p.allocation_ratio !== null
            ? t('ieo.oversubscribedAllocated', { ratio: progressText(p.allocation_ratio) })
            : t('ieo.oversubscribedNote')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The live countdown to a project's start (warm-up) or end (in progress), on
 * the server's clock (`offset`: server minus device). When it reaches zero
 * `onElapsed` is called once (the server also says so on the socket).
 */
export function Countdown({ p, offset, onElapsed, big }: { p: Project; offset: number; onElapsed?: () => void; big?: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  const cd = countdownOf(p, now);
  const elapsed = useRef(false);
  const zero = cd !== null && cd.left === 0;
  useEffect(() => {
    if (zero && !elapsed.current) {
      elapsed.current = true;
      onElapsed?.();
    }
    if (!zero) elapsed.current = false;
  }, [zero, onElapsed]);
  if (!cd) {
    return (
      <div className={`ieo-countdown ${big ? 'big' : ''}`} data-testid="ieo-countdown" data-kind="ended">
        <span className="ieo-countdown-label">{t('ieo.countdown.endedAt')}</span>
        <b className="ieo-countdown-value">{formatDateTime(p.ends_at)}</b>
      </div>
    );
  }
  const { days, time } = durationParts(cd.left);
  const value = days > 0 ? t('ieo.countdown.daysTime', { days, time }) : time;
  return (
    <div className={`ieo-countdown ${big ? 'big' : ''}`} data-testid="ieo-countdown" data-kind={cd.kind}>
      <span className="ieo-countdown-label">{t(cd.kind === 'start' ? 'ieo.countdown.startsIn' : 'ieo.countdown.endsIn')}</span>
      <b className="ieo-countdown-value">{zero ? t(cd.kind === 'start' ? 'ieo.countdown.starting' : 'ieo.countdown.ending') : value}</b>
    </div>
  );
}
