/** Polished placeholder for a product area that is not built yet. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  icon: ReactNode;
  description?: string;
}

export function ComingSoon({ title, icon, description }: Props) {
  const { t } = useTranslation();
  return (
    <div className="coming-soon" data-testid="coming-soon">
      <div className="coming-soon-icon">{icon}</div>
      <h2>{title}</h2>
      <p className="coming-soon-badge">{t('common.underDevelopment')}</p>
      <p className="coming-soon-text">{description ?? t('common.comingSoonHint')}</p>
    </div>
  );
}
