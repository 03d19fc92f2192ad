/**
 * Hash routes named by the spec's page registry. Every page is registered by
 * its feature (`src/features/<area>/routes.tsx`, collected in featureRoutes.ts);
 * this file only places them: the five tab pages (`tab: true`) share the tab
 * layout, the others are pushed pages with their own fallback and error
 * boundary; pages that need login are wrapped in RequireAuth.
 *
 * Every page but Home is its own lazy chunk. Home is the start screen of nearly
 * every visit, so it is part of the main chunk (features/home/routes.tsx imports
 * it eagerly): as a lazy page it cost a second round trip and some thirty small
 * shared chunks (each paying its own request and headers) before anything
 * showed. docs/benchmarks.md ("Initial load") has the numbers.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { HashRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary';
import { PageFallback } from '../components/PageFallback';
import { RequireAuth } from '../components/RequireAuth';
import { TabLayout } from '../components/TabLayout';
import { featureRoutes, type FeatureRoute } from './featureRoutes';
import { allMessagesPending } from './i18n';

const NotFoundPage = lazy(() => import('../features/common/pages/NotFoundPage'));

/**
 * Waits (suspends) until every message of the language is loaded: a start on
 * Home loads only the app's own strings first (app/i18n.ts), the features'
 * ones right after; a page that needs them never shows a raw key meanwhile.
 */
function AllMessages({ children }: { children: ReactNode }) {
  const pending = allMessagesPending();
  if (pending) throw pending;
  return <>{children}</>;
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

const tabRoutes = featureRoutes.filter((r) => r.tab);
const pageRoutes = featureRoutes.filter((r) => !r.tab);
/** Home: also the page at `/`. */
const startRoute = tabRoutes.find((r) => r.start);

/**
 * A tab page: the start page (Home) as it is; the others wait for every
 * message first (pushed pages get that from PageLayout).
 */
function tabElement(r: FeatureRoute): ReactNode {
  const page = r.start ? r.element : <AllMessages>{r.element}</AllMessages>;
  return r.auth ? auth(page) : page;
}

export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route element={<TabFrame />}>
          {startRoute ? <Route index element={tabElement(startRoute)} /> : null}
          {tabRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={tabElement(r)} />
          ))}
        </Route>
        <Route element={<PageLayout />}>
          {pageRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.auth ? auth(r.element) : r.element} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
