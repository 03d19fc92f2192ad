/** Title row of a tab page (tab pages have no NavBar). */
import type { ReactNode } from 'react';

export function TabHeader({ title, right }: { title: string; right?: ReactNode }) {
  return (
    <header className="tab-header">
      <h1 className="ellipsis">{title}</h1>
      {right ? <div className="tab-header-right">{right}</div> : null}
    </header>
  );
}
