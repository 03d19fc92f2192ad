/** Pages anyone may open: calling codes, articles, FAQ and the text pages (the not-found page is the router's). */
import { lazy } from 'react';
import type { FeatureRoute } from '../../app/featureRoutes';
import { ROUTES } from '../../lib/constants';

const AreaPage = lazy(() => import('./pages/AreaPage'));
const ArticlePage = lazy(() => import('./pages/ArticlePage'));
const FaqPage = lazy(() => import('./pages/FaqPage'));
const AboutUsPage = lazy(() => import('./pages/TextPage').then((m) => ({ default: m.AboutUsPage })));
const ContactUsPage = lazy(() => import('./pages/TextPage').then((m) => ({ default: m.ContactUsPage })));
const WhiteBookPage = lazy(() => import('./pages/TextPage').then((m) => ({ default: m.WhiteBookPage })));
const CompliancePage = lazy(() => import('./pages/TextPage').then((m) => ({ default: m.CompliancePage })));

export const routes: FeatureRoute[] = [
  { path: ROUTES.area, element: <AreaPage /> },
  { path: ROUTES.article, element: <ArticlePage /> },
  { path: ROUTES.faq, element: <FaqPage /> },
  { path: ROUTES.aboutus, element: <AboutUsPage /> },
  { path: ROUTES.contactus, element: <ContactUsPage /> },
  { path: ROUTES.whiteBook, element: <WhiteBookPage /> },
  { path: ROUTES.compliance, element: <CompliancePage /> },
];
