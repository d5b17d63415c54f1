import { ToastProvider } from '@mboa/ui';
import '@mboa/ui/ui.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { t } from './i18n/index.js';
import { createRouter } from './router.js';
import { AccessProvider } from './session/access.js';
import { AdminGate } from './session/AdminGate.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AccessProvider>
      <ToastProvider closeLabel={t.app.close}>
        <AdminGate>
          <RouterProvider router={createRouter()} />
        </AdminGate>
      </ToastProvider>
    </AccessProvider>
  </StrictMode>,
);
