import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import Home from './pages/Home.js';
import { RouteError } from './pages/RouteError.js';
import { AuthLayout } from './shell/AuthLayout.js';
import { Layout } from './shell/Layout.js';
import { RequireAuth } from './shell/RequireAuth.js';
import { Spinner } from './ui/Spinner.js';

/**
 * What a route tells the server (web/src/entry-server.tsx, gateway/src/static/): its module in the
 * build manifest (the page preloads that chunk) and whether the server draws it. Only public pages
 * are drawn on the server; signed-in ones and the account forms stay client-rendered.
 */
export interface RouteHandle {
  module?: string;
  serverRendered?: boolean;
}

/** Every route but the home page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });
/** A public page the server draws; `module` is its source as the build manifest names it. */
const publicPage = (module: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  lazy: page(load),
  handle: { module, serverRendered: true } satisfies RouteHandle,
});

function PageFallback() {
  return <Spinner page />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      // Eager: the home page is the landing page, so it ships in the entry chunk (no extra round trip).
      { index: true, Component: Home, handle: { module: 'src/pages/Home.tsx', serverRendered: true } satisfies RouteHandle },
      { path: 'property-details/:id', ...publicPage('src/pages/PropertyDetails.tsx', () => import('./pages/PropertyDetails.js')) },
      { path: 'faq', ...publicPage('src/pages/static/Faq.tsx', () => import('./pages/static/Faq.js')) },
      { path: 'help', ...publicPage('src/pages/static/Help.tsx', () => import('./pages/static/Help.js')) },
      { path: 'terms', ...publicPage('src/pages/static/Terms.tsx', () => import('./pages/static/Terms.js')) },
      { path: 'privacy', ...publicPage('src/pages/static/Privacy.tsx', () => import('./pages/static/Privacy.js')) },
      { path: 'about', ...publicPage('src/pages/static/About.tsx', () => import('./pages/static/About.js')) },
      { path: 'contact', ...publicPage('src/pages/Contact.tsx', () => import('./pages/Contact.js')) },
      // Anyone: signed out, the favourites kept on this device.
      { path: 'favourites', ...publicPage('src/pages/Favourites.tsx', () => import('./pages/Favourites.js')) },
      // The availability reminder's one-time link: no sign-in, the token is the proof.
      { path: 'confirm-availability', lazy: page(() => import('./pages/ConfirmAvailability.js')) },
      {
        Component: RequireAuth,
        children: [
          { path: 'post-property', lazy: page(() => import('./pages/PostProperty.js')) },
          { path: 'my-listings', lazy: page(() => import('./pages/MyListings.js')) },
          { path: 'profile', lazy: page(() => import('./pages/Profile.js')) },
          { path: 'verification', lazy: page(() => import('./verification/VerificationPage.js')) },
        ],
      },
      { path: '*', ...publicPage('src/pages/NotFound.tsx', () => import('./pages/NotFound.js')) },
    ],
  },
  {
    Component: AuthLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { path: 'login', lazy: page(() => import('./pages/Login.js')) },
      { path: 'signup', lazy: page(() => import('./pages/Signup.js')) },
      { path: 'reset-password', lazy: page(() => import('./pages/ResetPassword.js')) },
    ],
  },
];

export const createRouter = (options?: Parameters<typeof createBrowserRouter>[1]) => createBrowserRouter(routes, options);
