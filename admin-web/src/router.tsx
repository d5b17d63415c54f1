import { Spinner } from '@mboa/ui';
import { useI18n } from '@mboa/web-core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ADMIN_BASE } from './session/access.js';
import { Layout } from './shell/Layout.js';
import { NotFound, RouteError } from './shell/RouteError.js';

/** The first page's chunk on its way. */
function PageLoading() {
  const { t } = useI18n();
  return <Spinner page label={t('app.loading')} />;
}

/** Every page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: page(() => import('./pages/Dashboard.js')) },
      { path: 'dashboard', element: <Navigate to="/" replace /> },
      { path: 'users', lazy: page(() => import('./pages/Users.js')) },
      { path: 'properties', lazy: page(() => import('./pages/Properties.js')) },
      { path: 'property-review/:id', lazy: page(() => import('./pages/PropertyReview.js')) },
      { path: 'requests', lazy: page(() => import('./pages/Requests.js')) },
      { path: 'support', lazy: page(() => import('./pages/Support.js')) },
      { path: 'reports', lazy: page(() => import('./pages/Reports.js')) },
      { path: 'verification', lazy: page(() => import('./pages/Verification.js')) },
      { path: 'verification/:id', lazy: page(() => import('./pages/VerificationRequest.js')) },
      { path: 'figures', lazy: page(() => import('./pages/Figures.js')) },
      { path: '*', Component: NotFound },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes, { basename: ADMIN_BASE });
