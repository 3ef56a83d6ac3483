import { portalRoutes } from './portal-routes.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Outlet, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { prefetchInvoiceScreen } from '../features/invoices/api/prefetch-invoice-screen.ts';
import { decodeToken, getToken } from '../lib/token.ts';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { PageSpinner } from '../components/page-spinner.tsx';
import { notFoundHandle, RequireUser, Restricted } from './guards.tsx';
import { registerRoutes, restricted } from './register-routes.tsx';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

/**
 * Every screen of the app. A feature adds its routes here, wrapped in <Restricted> when for one permission or
 * behind a feature flag, with its pages lazy-loaded: { path, lazy: () => import(...).then(m => ({Component: m.X})) }.
 * Only the login page is in the first file the browser loads; the menu frame (Layout) and every other
 * page come in their own files when first visited, so never import a page here directly.
 */
const invoicePage = () => import('../features/invoices/pages/edit-invoice-page.tsx');

let queries: QueryClient | undefined;
/**
 * A route's data asked for while its code is still arriving: React Router runs a route's own `loader`
 * beside its `lazy` import, so the requests start one round trip earlier. The loader only fills the
 * query cache; the page reads it through its usual hooks.
 */
const prefetch =
  (fill: (queryClient: QueryClient, orgPath: string, id: number) => void) =>
  ({ params }: LoaderFunctionArgs) => {
    const user = decodeToken(getToken());
    const id = Number(params.id);
    if (queries && user && Number.isInteger(id)) fill(queries, `/organizations/${user.organizationId}`, id);
    return null;
  };

/** Service orders: the list and the edit screen for whoever sees orders (the server scopes them), 'new' for who creates them. */
const invoiceRoutes: RouteObject[] = [
  {
    path: '/invoices',
    lazy: () => import('../features/invoices/pages/invoices-page.tsx').then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    path: '/invoices/new',
    element: (
      <Restricted can="invoice.create">
        <Outlet />
      </Restricted>
    ),
    children: [
      {
        index: true,
        lazy: () =>
          import('../features/invoices/pages/new-invoice-page.tsx').then((m) => ({ Component: m.NewInvoicePage })),
      },
    ],
  },
  {
    path: '/invoices/:id/edit',
    loader: prefetch(prefetchInvoiceScreen),
    lazy: () => invoicePage().then((m) => ({ Component: m.EditInvoicePage })),
  },
];

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  // Public: the forgotten password, asked for and then set through the e-mailed link.
  {
    path: '/forgot-password',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: '/reset-password',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/auth/pages/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  // Public: a new shop's sign-up, and the link that confirms its owner's e-mail.
  {
    path: '/cadastro',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () => import('../features/signup/pages/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  },
  {
    path: '/confirmar-email',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/signup/pages/confirm-email-page.tsx').then((m) => ({ Component: m.ConfirmEmailPage })),
  },
  // Public: the customer signs through a link with a token, without logging in.
  {
    path: '/invoices/:id/sign',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/public-sign/pages/sign-invoice-page.tsx').then((m) => ({ Component: m.SignInvoicePage })),
  },
  // Public: the customer approves or declines a shared estimate through its link, without logging in.
  {
    path: '/estimates/:id/review',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/public-estimate/pages/review-estimate-page.tsx').then((m) => ({
        Component: m.ReviewEstimatePage,
      })),
  },
  // Public: the customer rates a completed order through the link its completion sent, without logging in.
  {
    path: '/invoices/:id/rate',
    hydrateFallbackElement: <PageSpinner />,
    lazy: () =>
      import('../features/public-rating/pages/rate-order-page.tsx').then((m) => ({ Component: m.RateOrderPage })),
  },
  ...portalRoutes,
  {
    element: <RequireUser />,
    // Shown while the first screen's code arrives.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        lazy: () => import('./layout.tsx').then((m) => ({ Component: m.Layout })),
        children: [
          {
            index: true,
            lazy: () => import('../features/home/pages/home-page.tsx').then((m) => ({ Component: m.HomePage })),
          },
          restricted('/companies', { can: 'company.manage' }, [
            {
              index: true,
              lazy: () =>
                import('../features/companies/pages/companies-page.tsx').then((m) => ({ Component: m.CompaniesPage })),
            },
            {
              path: 'new',
              lazy: () =>
                import('../features/companies/pages/new-company-page.tsx').then((m) => ({
                  Component: m.NewCompanyPage,
                })),
            },
            {
              path: ':id/edit',
              lazy: () =>
                import('../features/companies/pages/edit-company-page.tsx').then((m) => ({
                  Component: m.EditCompanyPage,
                })),
            },
          ]),
          restricted('/customers', { can: 'customer.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/customers/pages/customers-page.tsx').then((m) => ({ Component: m.CustomersPage })),
            },
            restricted('new', { can: 'customer.create' }, [
              {
                index: true,
                lazy: () =>
                  import('../features/customers/pages/new-customer-page.tsx').then((m) => ({
                    Component: m.NewCustomerPage,
                  })),
              },
            ]),
            {
              path: ':id/edit',
              lazy: () =>
                import('../features/customers/pages/edit-customer-page.tsx').then((m) => ({
                  Component: m.EditCustomerPage,
                })),
            },
          ]),
          restricted('/import', { can: 'import.run' }, [
            {
              index: true,
              lazy: () =>
                import('../features/imports/pages/import-page.tsx').then((m) => ({ Component: m.ImportPage })),
            },
          ]),
          ...invoiceRoutes,
          {
            // Estimates: for who sees them, in organizations with the 'estimates' feature.
            element: (
              <Restricted can="estimate.see" feature="estimates">
                <Outlet />
              </Restricted>
            ),
            hydrateFallbackElement: <PageSpinner />,
            children: [
              {
                path: '/estimates',
                lazy: () =>
                  import('../features/estimates/pages/estimates-page.tsx').then((m) => ({
                    Component: m.EstimatesPage,
                  })),
              },
              restricted('/estimates/new', { can: 'estimate.create' }, [
                {
                  index: true,
                  lazy: () =>
                    import('../features/estimates/pages/new-estimate-page.tsx').then((m) => ({
                      Component: m.NewEstimatePage,
                    })),
                },
              ]),
              {
                path: '/estimates/:id/edit',
                lazy: () =>
                  import('../features/estimates/pages/edit-estimate-page.tsx').then((m) => ({
                    Component: m.EditEstimatePage,
                  })),
              },
            ],
          },
          {
            element: (
              <Restricted can="report.see" feature="reports">
                <Outlet />
              </Restricted>
            ),
            hydrateFallbackElement: <PageSpinner />,
            children: [
              {
                path: '/painel',
                lazy: () =>
                  import('../features/dashboard/pages/dashboard-page.tsx').then((m) => ({
                    Component: m.DashboardPage,
                  })),
              },
              {
                path: '/reports',
                lazy: () =>
                  import('../features/reports/pages/reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
              },
              {
                path: '/reports/:report',
                lazy: () =>
                  import('../features/reports/pages/report-page.tsx').then((m) => ({ Component: m.ReportPage })),
              },
            ],
          },
          restricted('/payrolls', { can: 'payroll.manage', feature: 'payroll' }, [
            {
              index: true,
              lazy: () =>
                import('../features/payrolls/pages/payrolls-page.tsx').then((m) => ({ Component: m.PayrollsPage })),
            },
            {
              path: ':id',
              lazy: () =>
                import('../features/payrolls/pages/payroll-page.tsx').then((m) => ({ Component: m.PayrollPage })),
            },
          ]),
          restricted('/audit-logs', { can: 'auditLog.see', feature: 'auditLogs' }, [
            {
              index: true,
              lazy: () =>
                import('../features/audit-logs/pages/audit-logs-page.tsx').then((m) => ({
                  Component: m.AuditLogsPage,
                })),
            },
          ]),
          restricted('/nfse', { can: 'nfse.see', feature: 'nfse' }, [
            {
              index: true,
              lazy: () => import('../features/nfse/pages/nfse-page.tsx').then((m) => ({ Component: m.NfsePage })),
            },
          ]),
          restricted('/receivables', { can: 'payment.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/receivables/pages/receivables-page.tsx').then((m) => ({
                  Component: m.ReceivablesPage,
                })),
            },
          ]),
          restricted('/pix/unidentified', { can: 'payment.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/pix/pages/unidentified-pix-page.tsx').then((m) => ({
                  Component: m.UnidentifiedPixPage,
                })),
            },
          ]),
          restricted('/contracts', { can: 'contract.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/contracts/pages/contracts-page.tsx').then((m) => ({ Component: m.ContractsPage })),
            },
            restricted('new', { can: 'contract.manage' }, [
              {
                index: true,
                lazy: () =>
                  import('../features/contracts/pages/contract-page.tsx').then((m) => ({
                    Component: m.NewContractPage,
                  })),
              },
            ]),
            {
              path: 'overdue',
              lazy: () =>
                import('../features/contracts/pages/overdue-page.tsx').then((m) => ({ Component: m.OverduePage })),
            },
            {
              path: ':id',
              lazy: () =>
                import('../features/contracts/pages/contract-page.tsx').then((m) => ({ Component: m.ContractPage })),
            },
          ]),
          restricted('/maintenance-plans', { can: 'maintenancePlan.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/maintenance-plans/pages/plans-page.tsx').then((m) => ({ Component: m.PlansPage })),
            },
            restricted('new', { can: 'maintenancePlan.manage' }, [
              {
                index: true,
                lazy: () =>
                  import('../features/maintenance-plans/pages/plan-page.tsx').then((m) => ({
                    Component: m.NewPlanPage,
                  })),
              },
            ]),
            {
              path: ':id',
              lazy: () =>
                import('../features/maintenance-plans/pages/plan-page.tsx').then((m) => ({ Component: m.PlanPage })),
            },
          ]),
          restricted('/agenda', { can: 'invoice.schedule' }, [
            {
              index: true,
              lazy: () => import('../features/agenda/pages/agenda-page.tsx').then((m) => ({ Component: m.AgendaPage })),
            },
          ]),
          restricted('/service-requests', { can: 'invoice.create' }, [
            {
              index: true,
              lazy: () =>
                import('../features/service-requests/pages/service-requests-page.tsx').then((m) => ({
                  Component: m.ServiceRequestsPage,
                })),
            },
          ]),
          restricted('/expenses', { can: 'expense.see' }, [
            {
              index: true,
              lazy: () =>
                import('../features/expenses/pages/expenses-page.tsx').then((m) => ({ Component: m.ExpensesPage })),
            },
          ]),
          ...registerRoutes,
          { path: '*', element: <NotFoundPage />, handle: notFoundHandle },
        ],
      },
    ],
  },
];

/**
 * Every route gets the pt-BR error page. The nearest one catches a failure, so a page that cannot
 * load or draw shows it inside the menu frame, and the frame's own failure shows it alone.
 */
const withErrorPages = (list: RouteObject[]): RouteObject[] =>
  list.map((r) => {
    const route = { errorElement: <RouteErrorPage />, ...r } as RouteObject;
    if (r.children) (route as { children: RouteObject[] }).children = withErrorPages(r.children);
    const load = r.lazy;
    // The router drops the failure of a page's code that has no loader and draws nothing; the page
    // is made to throw it instead, so the error page (and its one reload) sees it.
    if (typeof load === 'function')
      route.lazy = () =>
        load().catch((err: unknown) => ({
          Component: () => {
            throw err;
          },
        }));
    return route;
  });

export const createRouter = (queryClient: QueryClient) => {
  queries = queryClient;
  return createBrowserRouter(withErrorPages(routes));
};
