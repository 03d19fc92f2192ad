/**
 * Pages a feature registers itself: every `src/features/<area>/routes.tsx`
 * exports `routes: FeatureRoute[]`, collected here at build time so that adding a
 * page or a feature never edits the router (app/router.tsx places them: tab
 * pages inside the tab layout, the others as pushed pages).
 *
 * A feature keeps its pages lazy (`lazy(() => import('./pages/…'))`): these
 * files are part of the first chunk, so what they import eagerly is too. Home
 * is the one page imported eagerly, on purpose (app/router.tsx says why).
 */
import type { ReactNode } from 'react';

export interface FeatureRoute {
  /** Hash path named by the spec's page registry, e.g. `/pages/fund/withdraw`. */
  path: string;
  element: ReactNode;
  /** Needs login (the visitor is told so and sent to login). */
  auth?: boolean;
  /** One of the five tab pages: shown above the bottom tab bar (components/TabLayout.tsx). */
  tab?: boolean;
  /**
   * The start page (Home), a tab: also served at `/`, and shown without waiting
   * for the features' strings, since it needs only the app's own (app/i18n.ts).
   */
  start?: boolean;
}

const modules = import.meta.glob<FeatureRoute[]>('../features/*/routes.tsx', { eager: true, import: 'routes' });

export const featureRoutes: FeatureRoute[] = Object.values(modules).flat();
