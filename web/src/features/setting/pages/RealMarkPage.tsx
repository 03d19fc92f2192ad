/**
 * Where a 998 answer lands: the action needs identity verification first.
 * Says why, shows where the user stands, and leads to verification.
 */
import { Button } from 'antd-mobile';
import { ScanningFaceOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useGetRealStateQuery } from '../../../shared/funds/api';
import { FUNDS_ROUTES } from '../../../shared/funds/routes';
import { StatusTag, type StatusTone } from '../../../shared/funds/StatusTag';
import { PageShell } from '../../../components/PageShell';
import { ROUTES } from '../../../lib/constants';
import { useGoBack } from '../../../lib/navigation';
import '../../../shared/funds/styles.css';

const STATE: Record<number, { key: string; tone: StatusTone }> = {
  0: { key: 'fundHome.realMark.none', tone: 'muted' },
  1: { key: 'fundHome.realMark.verifying', tone: 'pending' },
  2: { key: 'fundHome.realMark.verified', tone: 'success' },
  3: { key: 'fundHome.realMark.failed', tone: 'danger' },
};

export default function RealMarkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(ROUTES.assets);
  const real = useGetRealStateQuery(undefined, { refetchOnMountOrArgChange: true });
  const level1 = real.data?.level1.state ?? 0;
  const look = STATE[level1] ?? STATE[0];

  return (
    <PageShell backTo={ROUTES.assets} className="funds">
      <div className="funds-required" data-testid="real-mark">
        <div className="coming-soon-icon">
          <ScanningFaceOutline />
        </div>
        <h1>{t('fundHome.realMark.title')}</h1>
        <p>{t('fundHome.realMark.text')}</p>
        {real.data ? (
          <div className="funds-required-state">
            <span>{t('fundHome.realMark.yourState')}</span>
            <StatusTag tone={look.tone}>{t(look.key)}</StatusTag>
          </div>
        ) : null}
        <ul className="funds-perks">
          <li>{t('fundHome.realMark.step1')}</li>
          <li>{t('fundHome.realMark.step2')}</li>
          <li>{t('fundHome.realMark.step3')}</li>
        </ul>
        <div className="funds-required-actions">
          <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(FUNDS_ROUTES.real)} data-testid="real-mark-go">
            {t(level1 === 1 || level1 === 2 ? 'fundHome.realMark.viewProgress' : 'fundHome.realMark.go')}
          </Button>
          <Button block shape="rounded" size="large" fill="none" onClick={goBack}>
            {t('fundHome.realMark.later')}
          </Button>
        </div>
      </div>
    </PageShell>
  );
}
