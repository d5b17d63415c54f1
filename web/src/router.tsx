import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import Home from './pages/Home.js';
import { RouteError } from './pages/RouteError.js';
import { AuthLayout } from './shell/AuthLayout.js';
import { Layout } from './shell/Layout.js';
import { RequireAuth } from './shell/RequireAuth.js';
import { Spinner } from './ui/Spinner.js';

/** Every route but the home page is its own chunk, downloaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

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
      { index: true, Component: Home },
      { path: 'property-details/:id', lazy: page(() => import('./pages/PropertyDetails.js')) },
      { path: 'faq', lazy: page(() => import('./pages/static/Faq.js')) },
      { path: 'help', lazy: page(() => import('./pages/static/Help.js')) },
      { path: 'terms', lazy: page(() => import('./pages/static/Terms.js')) },
      { path: 'privacy', lazy: page(() => import('./pages/static/Privacy.js')) },
      { path: 'about', lazy: page(() => import('./pages/static/About.js')) },
      { path: 'contact', lazy: page(() => import('./pages/Contact.js')) },
      // Anyone: signed out, the favourites kept on this device.
      { path: 'favourites', lazy: page(() => import('./pages/Favourites.js')) },
      // The availability reminder's one-time link: no sign-in, the token is the proof.
      { path: 'confirm-availability', lazy: page(() => import('./pages/ConfirmAvailability.js')) },
      {
        Component: RequireAuth,
        children: [
          { path: 'post-property', lazy: page(() => import('./pages/PostProperty.js')) },
          { path: 'my-listings', lazy: page(() => import('./pages/MyListings.js')) },
          { path: 'profile', lazy: page(() => import('./pages/Profile.js')) },
        ],
      },
      { path: '*', lazy: page(() => import('./pages/NotFound.js')) },
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

export const createRouter = () => createBrowserRouter(routes);
