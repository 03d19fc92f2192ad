/**
 * Hash routes named by the spec's page registry. Every page but Home is its own
 * lazy chunk; the five tab pages share the tab layout; pages that need login are
 * wrapped in RequireAuth.
 *
 * Home is the start screen of nearly every visit, so it is part of the main
 * chunk: as a lazy page it cost a second round trip and some thirty small shared
 * chunks (each paying its own request and headers) before anything showed.
 * docs/benchmarks.md ("Initial load") has the numbers.
 */
import { lazy, Suspense, type ReactElement, type ReactNode } from 'react';
import { HashRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import { PageFallback } from '../components/PageFallback';
import { RequireAuth } from '../components/RequireAuth';
import { TabLayout } from '../components/TabLayout';
import { ROUTES } from '../lib/constants';
import HomePage from '../features/home/pages/HomePage';
import { featureRoutes } from './featureRoutes';
import { allMessagesPending } from './i18n';

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

/**
 * Waits (suspends) until every message of the language is loaded: a start on
 * Home loads only the app's own strings first (app/i18n.ts), the features'
 * ones right after; a page that needs them never shows a raw key meanwhile.
 */
function AllMessages({ children }: { children: ReactElement }) {
  const pending = allMessagesPending();
  if (pending) throw pending;
  return children;
}

/** Pushed (non-tab) pages: lazy chunk fallback and chunk error boundary. */
function PageLayout() {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageFallback />}>
        <AllMessages>
          <Outlet />
        </AllMessages>
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
          <Route path={ROUTES.market} element={<AllMessages><MarketPage /></AllMessages>} />
          <Route path={ROUTES.lock} element={<AllMessages><LockWelcomePage /></AllMessages>} />
          <Route path={ROUTES.contract} element={<AllMessages><ContractPage /></AllMessages>} />
          <Route path={ROUTES.assets} element={auth(<AllMessages><AssetsPage /></AllMessages>)} />
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
