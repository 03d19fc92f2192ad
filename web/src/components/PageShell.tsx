/**
 * Frame of a pushed page: a NavBar with only a back arrow (page titles are
 * empty per the spec), an optional right-side action, and the scrolling body.
 * The bar is the page's banner and the body its main landmark, so a screen
 * reader can jump between them; the arrow is named "Back" in the language.
 */
import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const goBack = useGoBack(backTo);
  // NavBar's left box is a button whose own text is hidden from screen readers: the name rides with the arrow.
  const arrow = (
    <>
      <LeftOutline aria-hidden />
      <span className="sr-only">{t('common.back')}</span>
    </>
  );
  return (
    <div className={`page ${className ?? ''}`}>
      <header className="page-nav">
        <NavBar back={noBack ? null : ''} backIcon={noBack ? false : arrow} onBack={goBack} right={right} />
      </header>
      <main className="page-body">{children}</main>
    </div>
  );
}
