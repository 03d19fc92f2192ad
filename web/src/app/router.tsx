/**
 * Hash routes named by the spec's page registry. Every page is its own lazy
 * chunk; the five tab pages share the tab layout; pages that need login are
 * wrapped in RequireAuth.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { HashRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import { PageFallback } from '../components/PageFallback';
import { RequireAuth } from '../components/RequireAuth';
import { TabLayout } from '../components/TabLayout';
import { ROUTES } from '../lib/constants';
import { featureRoutes } from './featureRoutes';

const HomePage = lazy(() => import('../features/home/pages/HomePage'));
const MarketPage = lazy(() => import('../features/market/pages/MarketPage'));
const LockWelcomePage = lazy(() => import('../features/lockming/pages/LockWelcomePage'));
const ContractPage = lazy(() => import('../features/transaction/pages/ContractPage'));
const AssetsPage = lazy(() => import('../features/fund/pages/AssetsPage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const ForgetPage = lazy(() => import('../features/auth/pages/ForgetPage'));
const AreaPage = lazy(() => import('../features/common/pages/AreaPage'));
const ArticlePage = lazy(() => import('../features/common/pages/ArticlePage'));
const FaqPage = lazy(() => import('../features/common/pages/FaqPage'));
const AboutUsPage = lazy(() => import('../features/common/pages/TextPage').then((m) => ({ default: m.AboutUsPage })));
const ContactUsPage = lazy(() => import('../features/common/pages/TextPage').then((m) => ({ default: m.ContactUsPage })));
const WhiteBookPage = lazy(() => import('../features/common/pages/TextPage').then((m) => ({ default: m.WhiteBookPage })));
const CompliancePage = lazy(() => import('../features/common/pages/TextPage').then((m) => ({ default: m.CompliancePage })));
const NotFoundPage = lazy(() => import('../features/common/pages/NotFoundPage'));
const SettingPage = lazy(() => import('../features/setting/pages/SettingPage'));
const UserInfoPage = lazy(() => import('../features/setting/pages/UserInfoPage'));
const SecurityPage = lazy(() => import('../features/setting/pages/SecurityPage'));
const PasswordPage = lazy(() => import('../features/setting/pages/PasswordPage'));
const PayPasswordPage = lazy(() => import('../features/setting/pages/PayPasswordPage'));
const BindPhonePage = lazy(() => import('../features/setting/pages/BindPhonePage'));
const BindEmailPage = lazy(() => import('../features/setting/pages/BindEmailPage'));
const RealMarkPage = lazy(() => import('../features/setting/pages/RealMarkPage'));
const MessagePage = lazy(() => import('../features/message/pages/MessagePage'));
const SharePage = lazy(() => import('../features/share/pages/SharePage'));

/** Pushed (non-tab) pages: lazy chunk fallback and chunk error boundary. */
function PageLayout() {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

function TabFrame() {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <TabLayout />
    </ChunkErrorBoundary>
  );
}

const auth = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<TabFrame />}>
          <Route index element={<HomePage />} />
          <Route path={ROUTES.home} element={<HomePage />} />
          <Route path={ROUTES.market} element={<MarketPage />} />
          <Route path={ROUTES.lock} element={<LockWelcomePage />} />
          <Route path={ROUTES.contract} element={<ContractPage />} />
          <Route path={ROUTES.assets} element={auth(<AssetsPage />)} />
        </Route>
        <Route element={<PageLayout />}>
          <Route path={ROUTES.login} element={<LoginPage />} />
          <Route path={ROUTES.register} element={<RegisterPage />} />
          <Route path={ROUTES.forget} element={<ForgetPage />} />
          <Route path={ROUTES.area} element={<AreaPage />} />
          <Route path={ROUTES.article} element={<ArticlePage />} />
          <Route path={ROUTES.faq} element={<FaqPage />} />
          <Route path={ROUTES.aboutus} element={<AboutUsPage />} />
          <Route path={ROUTES.contactus} element={<ContactUsPage />} />
          <Route path={ROUTES.whiteBook} element={<WhiteBookPage />} />
          <Route path={ROUTES.compliance} element={<CompliancePage />} />
          <Route path={ROUTES.setting} element={<SettingPage />} />
          <Route path={ROUTES.userInfo} element={auth(<UserInfoPage />)} />
          <Route path={ROUTES.security} element={auth(<SecurityPage />)} />
          <Route path={ROUTES.password} element={auth(<PasswordPage />)} />
          <Route path={ROUTES.payPassword} element={auth(<PayPasswordPage />)} />
          <Route path={ROUTES.bindPhone} element={auth(<BindPhonePage />)} />
          <Route path={ROUTES.bindEmail} element={auth(<BindEmailPage />)} />
          <Route path={ROUTES.realMark} element={auth(<RealMarkPage />)} />
          <Route path={ROUTES.message} element={auth(<MessagePage />)} />
          <Route path={ROUTES.share} element={auth(<SharePage />)} />
          {featureRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.auth ? auth(r.element) : r.element} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
