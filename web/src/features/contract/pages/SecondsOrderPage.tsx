/** Seconds options: holding (with countdowns) and history, five at a time with "load more". */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell';
import { OptionLists } from '../components/OptionLists';
import { useSocketEvent } from '../live';
import { CONTRACT_ROUTES } from '../paths';
import '../contract.css';

export default function SecondsOrderPage() {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  useSocketEvent('closed_microorder', () => setVersion((v) => v + 1));
  return (
    <PageShell backTo={CONTRACT_ROUTES.options} className="ct-page">
      <div className="page-heading">
        <h1>{t('contract.optionOrdersTitle')}</h1>
      </div>
      <div data-testid="ct-seconds-order-page">
        <OptionLists version={version} />
      </div>
    </PageShell>
  );
}
