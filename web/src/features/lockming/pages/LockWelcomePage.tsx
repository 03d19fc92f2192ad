/** Lock tab: lock-up mining is not built yet. */
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ComingSoon';
import { TabHeader } from '../../../components/TabHeader';

export default function LockWelcomePage() {
  const { t } = useTranslation();
  return (
    <div className="tab-page" data-testid="lock-page">
      <TabHeader title={t('tabs.lock')} />
      <ComingSoon icon={<LockOutline />} title={t('lock.title')} description={t('lock.soon')} />
    </div>
  );
}
