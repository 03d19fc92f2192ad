/** A small coloured status label (under review, completed, rejected…). */
import type { ReactNode } from 'react';

export type FundsTone = 'pending' | 'success' | 'danger' | 'muted';

export function FundsStatusTag({ tone, children }: { tone: FundsTone; children: ReactNode }) {
  return <span className={`funds-status funds-status-${tone}`}>{children}</span>;
}
