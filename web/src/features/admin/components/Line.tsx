/** One labelled value of a review card. */
import type { ReactNode } from 'react';

export function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="funds-line">
      <span className="funds-line-label">{label}</span>
      <span className="funds-line-value">{children}</span>
    </div>
  );
}
