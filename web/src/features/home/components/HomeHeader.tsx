/** Top bar of Home: avatar to settings, the site name, the message bell (or a login button). */
import { Badge, Button } from 'antd-mobile';
import { BellOutline, SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/Avatar';
import { useGetSiteConfigQuery, useGetUnreadCountQuery } from '../../../lib/api';
import { ROUTES } from '../../../lib/constants';
import { selectToken, selectUser } from '../../../lib/session';

export function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const user = useAppSelector(selectUser);
  const { data: site } = useGetSiteConfigQuery();
  const { data: unread } = useGetUnreadCountQuery(undefined, { skip: !token, pollingInterval: 60_000 });

  return (
    <header className="home-header">
      <button type="button" className="home-avatar" onClick={() => navigate(ROUTES.setting)} aria-label={t('setting.title')} data-testid="home-avatar">
        <Avatar src={token ? user?.head_portrait : null} size={34} />
      </button>
      <div className="home-brand">
        <img src={site?.site_logo || `${import.meta.env.BASE_URL}logo.svg`} alt="" />
        <span className="ellipsis">{site?.site_name || t('common.appName')}</span>
      </div>
      <div className="home-actions">
        {token ? (
          <button type="button" className="icon-button" onClick={() => navigate(ROUTES.message)} aria-label={t('message.title')} data-testid="home-bell">
            <Badge content={unread ? (unread > 99 ? '99+' : String(unread)) : null}>
              <BellOutline fontSize={22} />
            </Badge>
          </button>
        ) : (
          <Button size="mini" color="primary" shape="rounded" onClick={() => navigate(ROUTES.login)} data-testid="home-login">
            {t('auth.login')}
          </Button>
        )}
        <button type="button" className="icon-button" onClick={() => navigate(ROUTES.setting)} aria-label={t('setting.title')}>
          <SetOutline fontSize={22} />
        </button>
      </div>
    </header>
  );
}
