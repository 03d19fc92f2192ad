/** A small coloured status label (under review, completed, rejected…). */
import type { ReactNode } from 'react';

export type StatusTone = 'pending' | 'success' | 'danger' | 'muted';

export function StatusTag({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`funds-status funds-status-${tone}`}>{children}</span>;
}
