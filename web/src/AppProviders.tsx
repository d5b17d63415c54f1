import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ForgetOnUserChange } from './session/ForgetOnUserChange.js';
import { LanguageOnProfile } from './session/LanguageOnProfile.js';
import { SessionProvider } from './session/session.js';
import { RequestModalProvider } from './shell/request-modal.js';
import { ToastProvider } from './ui/toast.js';

/**
 * Everything around the router, the same in the browser (web/src/main.tsx) and on the server
 * (web/src/entry-server.tsx): a page drawn by one is taken over by the other only if both draw
 * the same tree.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ForgetOnUserChange />
        <LanguageOnProfile />
        <ToastProvider>
          <RequestModalProvider>{children}</RequestModalProvider>
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
