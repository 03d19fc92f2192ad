/**
 * Pieces the lock-up mining screens share: a progress bar, and a labelled
 * measure over its bar (a product's quota, an order's days paid). Figures,
 * lines and "load more" are the app's own (components/Figures.tsx,
 * components/LoadMore.tsx).
 */
import type { ReactNode } from 'react';

/** A thin bar filled to `percent` (0 to 100), with its label for assistive technology. */
export function Bar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div className="lm-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} data-testid={testId}>
      {/* A sliver shows that something was taken, however little. */}
      <span style={{ width: percent > 0 ? `max(3px, ${Math.min(100, percent)}%)` : 0 }} />
    </div>
  );
}

/** A label and its measure on one line, the bar under them (`percent` of it filled). */
export function Measure({ label, children, percent, testId }: { label: string; children: ReactNode; percent: number; testId?: string }) {
  return (
    <div className="lm-quota">
      <div className="lm-quota-line">
        <span className="ui-figure-label">{label}</span>
        <span className="lm-quota-value" data-testid={testId}>
          {children}
        </span>
      </div>
      <Bar percent={percent} label={label} />
    </div>
  );
}
