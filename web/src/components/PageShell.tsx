/**
 * Frame of a pushed page: a NavBar with only a back arrow (page titles are
 * empty per the spec), an optional right-side action, and the scrolling body.
 */
import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { ROUTES } from '../lib/constants';
import { useGoBack } from '../lib/navigation';

interface Props {
  children?: ReactNode;
  right?: ReactNode;
  /** Where back goes when the page was opened directly. */
  backTo?: string;
  /** Hide the back arrow (rare: pages reached by a redirect). */
  noBack?: boolean;
  className?: string;
}

export function PageShell({ children, right, backTo = ROUTES.home, noBack, className }: Props) {
  const goBack = useGoBack(backTo);
  return (
    <div className={`page ${className ?? ''}`}>
      <NavBar className="page-nav" back={noBack ? null : ''} backIcon={!noBack} onBack={goBack} right={right} />
      <div className="page-body">{children}</div>
    </div>
  );
}
