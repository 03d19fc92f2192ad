/**
 * Pages a feature registers itself: every `src/features/<area>/routes.tsx`
 * exports `routes: FeatureRoute[]`, collected here at build time so that adding a
 * feature never edits the router.
 */
import type { ReactNode } from 'react';

export interface FeatureRoute {
  /** Hash path named by the spec's page registry, e.g. `/pages/fund/withdraw`. */
  path: string;
  element: ReactNode;
  /** Needs login (the visitor is told so and sent to login). */
  auth?: boolean;
}

const modules = import.meta.glob<{ routes: FeatureRoute[] }>('../features/*/routes.tsx', { eager: true });

export const featureRoutes: FeatureRoute[] = Object.values(modules).flatMap((m) => m.routes);
