/** Unknown route: a page of the product that this app does not have. */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageShell } from '../../../components/PageShell';
import { EmptyState } from '../../../components/StateBlocks';
import { ROUTES } from '../../../lib/constants';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell>
      <EmptyState title={t('common.underDevelopment')} description={t('common.notFoundHint')} />
      <div className="page-actions">
        <Button block color="primary" shape="rounded" onClick={() => navigate(ROUTES.home, { replace: true })}>
          {t('common.backHome')}
        </Button>
      </div>
    </PageShell>
  );
}
