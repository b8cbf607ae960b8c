import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './shared/i18n';
import { createAppRouter } from './app/router';

// DESIGN §5/§7: only react, react-router and the light shared modules here. antd, the shell and
// TanStack Query (the shell's data layer; the public pages do not use it) arrive with the lazy routes.
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
