/**
 * The financial products hub (financial/index): cards leading to dual
 * investment (with the best APR open now), to lock-up mining, to the IEO
 * token sales, and to the caller's dual-investment orders. The other
 * products' routes come from src/shared (features never import each other).
 */
import { BillOutline, HistogramOutline, LockOutline, RightOutline, ShopbagOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { compareDecimal } from '../../../lib/format';
import { IEO_ROUTES } from '../../../shared/ieo/routes';
import { lockListRoute } from '../../../shared/lock/routes';
import { useGetDualProductsQuery } from '../api';
import { aprText } from '../logic';
import { INVEST_ROUTES } from '../paths';
import '../../../components/ui.css';
import '../invest.css';

function HubCard({ icon, title, text, extra, onOpen, testId }: { icon: ReactNode; title: string; text: string; extra?: ReactNode; onOpen: () => void; testId: string }) {
  return (
    <button type="button" className="ui-card dual-hub-card ui-tap" onClick={onOpen} data-testid={testId}>
      <span className="dual-hub-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="dual-hub-text">
        <strong>{title}</strong>
        <span>{text}</span>
        {extra}
      </span>
      <RightOutline className="dual-hub-arrow" />
    </button>
  );
}

export default function FinancialPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Every open product, for the best APR on offer (no error state: the card leads on regardless).
  const products = useGetDualProductsQuery({});
  const best = (products.data ?? []).reduce<string | null>((m, p) => (m === null || compareDecimal(p.apr, m) === 1 ? p.apr : m), null);

  return (
    <PageShell className="ui-page dual-page">
      <PageHeading title={t('invest.hub.title')} subtitle={t('invest.hub.subtitle')} />
      <HubCard
        icon={<HistogramOutline />}
        title={t('invest.title')}
        text={t('invest.hub.dualText')}
        extra={
          best !== null ? (
            <span className="dual-hub-apr" data-testid="dual-hub-best">
              {t('invest.hub.upTo', { apr: aprText(best) })}
            </span>
          ) : null
        }
        onOpen={() => navigate(INVEST_ROUTES.list)}
        testId="dual-hub-dual"
      />
      <HubCard icon={<LockOutline />} title={t('invest.hub.lockTitle')} text={t('invest.hub.lockText')} onOpen={() => navigate(lockListRoute('lock'))} testId="dual-hub-lock" />
      <HubCard icon={<ShopbagOutline />} title={t('invest.hub.ieoTitle')} text={t('invest.hub.ieoText')} onOpen={() => navigate(IEO_ROUTES.list)} testId="dual-hub-ieo" />
      <HubCard icon={<BillOutline />} title={t('invest.mine')} text={t('invest.hub.mineText')} onOpen={() => navigate(INVEST_ROUTES.mine)} testId="dual-hub-mine" />
      <p className="hint ui-note">{t('invest.hub.note')}</p>
    </PageShell>
  );
}
