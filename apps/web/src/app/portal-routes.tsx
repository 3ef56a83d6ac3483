import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';

/**
 * The customer's portal, outside the users' login: asking for a link, the e-mailed link, a new
 * customer's request, and the portal itself on the customer's own session
 * (features/portal/api/portal-client.ts).
 */
export const portalRoutes: RouteObject[] = [
  {
    path: '/portal/entrar',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/portal/pages/portal-sign-in-page.tsx').then((m) => ({ Component: m.PortalSignInPage })),
  },
  {
    path: '/portal/acesso',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/portal/pages/portal-access-page.tsx').then((m) => ({ Component: m.PortalAccessPage })),
  },
  {
    path: '/portal/solicitar',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/portal/pages/public-request-page.tsx').then((m) => ({ Component: m.PublicRequestPage })),
  },
  {
    path: '/portal',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () => import('../features/portal/pages/portal-layout.tsx').then((m) => ({ Component: m.PortalLayout })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/portal/pages/portal-home-page.tsx').then((m) => ({ Component: m.PortalHomePage })),
      },
      {
        path: 'ordens/:id',
        lazy: () =>
          import('../features/portal/pages/portal-order-page.tsx').then((m) => ({ Component: m.PortalOrderPage })),
      },
      {
        path: 'equipamentos',
        lazy: () =>
          import('../features/portal/pages/portal-machines-page.tsx').then((m) => ({
            Component: m.PortalMachinesPage,
          })),
      },
      {
        path: 'equipamentos/:id',
        lazy: () =>
          import('../features/portal/pages/portal-machine-page.tsx').then((m) => ({ Component: m.PortalMachinePage })),
      },
      {
        path: 'pagamentos',
        lazy: () =>
          import('../features/portal/pages/portal-payments-page.tsx').then((m) => ({
            Component: m.PortalPaymentsPage,
          })),
      },
      {
        path: 'documentos',
        lazy: () =>
          import('../features/portal/pages/portal-documents-page.tsx').then((m) => ({
            Component: m.PortalDocumentsPage,
          })),
      },
      {
        path: 'atendimento',
        lazy: () =>
          import('../features/portal/pages/portal-requests-page.tsx').then((m) => ({
            Component: m.PortalRequestsPage,
          })),
      },
      {
        path: 'meus-dados',
        lazy: () =>
          import('../features/portal/pages/portal-my-data-page.tsx').then((m) => ({ Component: m.PortalMyDataPage })),
      },
    ],
  },
];
