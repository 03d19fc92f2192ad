/** How contracts are priced, margined, liquidated and charged (docs/contracts.md), in the user's language. */
import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/PageShell';
import { CONTRACT_ROUTES } from '../paths';
import '../contract.css';

const SECTIONS = ['margin', 'fee', 'profit', 'risk', 'liquidation', 'overnight', 'stops', 'options'] as const;

export default function ContractHelpPage() {
  const { t } = useTranslation();
  return (
    <PageShell backTo={CONTRACT_ROUTES.contract} className="ct-page">
      <div className="ct-help" data-testid="ct-help-page">
        <div className="page-heading">
          <h1>{t('contract.helpPage.heading')}</h1>
          <p>{t('contract.helpPage.intro')}</p>
        </div>
        {SECTIONS.map((s) => (
          <section key={s}>
            <h2>{t(`contract.helpPage.${s}.title`)}</h2>
            <div className="ct-formula">{t(`contract.helpPage.${s}.formula`)}</div>
            <p>{t(`contract.helpPage.${s}.text`)}</p>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
