/** The five-tab frame: the tab page above (the main landmark), the fixed bottom tab bar (the navigation) below. */
import { TabBar } from 'antd-mobile';
import { AppOutline, HistogramOutline, LockOutline, LoopOutline, PayCircleOutline } from 'antd-mobile-icons';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/constants';
import { PageFallback } from './PageFallback';

const TABS = [
  { key: ROUTES.home, title: 'tabs.home', icon: <AppOutline /> },
  { key: ROUTES.market, title: 'tabs.market', icon: <HistogramOutline /> },
  { key: ROUTES.lock, title: 'tabs.lock', icon: <LockOutline /> },
  { key: ROUTES.contract, title: 'tabs.contract', icon: <LoopOutline /> },
  { key: ROUTES.assets, title: 'tabs.assets', icon: <PayCircleOutline /> },
] as const;

export function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === '/' ? ROUTES.home : pathname;

  return (
    <div className="tab-layout">
      <main className="tab-content">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <nav>
        <TabBar
          className="tab-bar"
          safeArea
          activeKey={active}
          onChange={(key) => navigate(key, { replace: true })}
        >
          {TABS.map((tab) => (
            <TabBar.Item key={tab.key} icon={tab.icon} title={<span className="tab-title">{t(tab.title)}</span>} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
