import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import './shared/i18n';
import { createQueryClient } from './app/queryClient';
import { createAppRouter } from './app/router';

// DESIGN §5/§7: only react, react-router, TanStack Query and the light shared modules here;
// antd and the shell arrive with the lazy routes.
const router = createAppRouter();
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
