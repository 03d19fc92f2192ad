/** Security centre: login password, payment password, bound phone and e-mail (masked), signed-in devices. */
import { List, Tag } from 'antd-mobile';
import { KeyOutline, LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { PageHeading } from '../../../components/PageHeading';
import { PageShell } from '../../../components/PageShell';
import { useGetUserInfoQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { maskAccount } from '../../../lib/format';
import { selectUser } from '../../../lib/session';
import { DevicesSection } from '../components/DevicesSection';

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useGetUserInfoQuery();
  const user = useAppSelector(selectUser);

  const status = (bound: string | null | undefined) =>
    bound ? (
      <span className="list-extra">{bound}</span>
    ) : (
      <Tag color="warning" fill="outline">
        {t('security.notBound')}
      </Tag>
    );

  return (
    <PageShell backTo={ROUTES.setting}>
      <PageHeading title={t('security.title')} subtitle={t('security.subtitle')} />
      <List className="card-list" data-testid="security-list">
        <List.Item prefix={<LockOutline />} onClick={() => navigate(ROUTES.password)}>
          {t('security.loginPassword')}
        </List.Item>
        <List.Item
          prefix={<KeyOutline />}
          onClick={() => navigate(ROUTES.payPassword)}
          extra={
            user?.has_pay_password ? (
              <span className="list-extra">{t('security.set')}</span>
            ) : (
              <Tag color="warning" fill="outline">
                {t('security.notSet')}
              </Tag>
            )
          }
        >
          {t('security.payPassword')}
        </List.Item>
        <List.Item
          prefix={<PhonebookOutline />}
          onClick={() => navigate(ROUTES.bindPhone)}
          extra={status(user?.mobile ? `+${user.area_code ?? ''} ${maskAccount(user.mobile)}` : null)}
          data-testid="security-phone"
        >
          {t('security.phone')}
        </List.Item>
        <List.Item
          prefix={<MailOutline />}
          onClick={() => navigate(ROUTES.bindEmail)}
          extra={status(user?.email ? maskAccount(user.email) : null)}
          data-testid="security-email"
        >
          {t('security.email')}
        </List.Item>
      </List>
      <DevicesSection />
    </PageShell>
  );
}
