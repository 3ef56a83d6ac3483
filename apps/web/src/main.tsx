import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// react-toastify puts its own styles in the page when it loads (no stylesheet import needed).
import { createQueryClient, Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

const queryClient = createQueryClient();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
