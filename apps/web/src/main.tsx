import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// react-toastify puts its own styles in the page when it loads (no stylesheet import needed).
import { createQueryClient, Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { meQueryOptions } from './lib/auth.tsx';
import { decodeToken, getToken } from './lib/token.ts';
import { keepSavingQueries, restoreSavedQueries, STORAGE_FULL } from './lib/offline/saved-queries.ts';

/**
 * Lets the browser run what waits (a tap, a paint) before the start goes on. The start is split into
 * steps of a few milliseconds each: run as one, it held a slow phone for a fifth of a second.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const queryClient = createQueryClient();
// A returning user's session: what the phone saved of their screens is put back first (so an offline
// start shows it), then who they are is asked for at once, beside the first screen's code.
if (decodeToken(getToken())) {
  await restoreSavedQueries(queryClient);
  void queryClient.prefetchQuery(meQueryOptions);
  await nextTask();
}
// From the first request on (a screen's data is asked for before its code arrives), each answer of the
// technician's screens is saved on the phone as it arrives.
keepSavingQueries(queryClient, () => toast.error(STORAGE_FULL, { toastId: 'storage-full' }));
const router = createRouter(queryClient);
await nextTask();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
