import { Outlet, type RouteObject } from 'react-router';
import type { FeatureName, Permission } from '@ordem-certa/contracts';
import { PageSpinner } from '../components/page-spinner.tsx';
import { Restricted } from './guards.tsx';

type Access = { can?: Permission; feature?: FeatureName };
type Loader = () => Promise<RouteObject['Component']>;

/** A section for one permission or feature: its pages behind one access guard, lazy-loaded. */
export function restricted(path: string, access: Access, children: RouteObject[]): RouteObject {
  return {
    path,
    element: (
      <Restricted {...access}>
        <Outlet />
      </Restricted>
    ),
    hydrateFallbackElement: <PageSpinner />,
    children,
  };
}

/**
 * A register: its list, 'new' and ':id/edit' pages. Adding one may take more than reading them
 * (`create`): 'new' is then behind that permission too.
 */
function register(
  path: string,
  access: Access & { create?: Permission },
  pages: { list: Loader; create: Loader; edit: Loader },
): RouteObject {
  const { create, ...section } = access;
  const newPage = async () => ({ Component: await pages.create() });
  return restricted(path, section, [
    { index: true, lazy: async () => ({ Component: await pages.list() }) },
    create ? restricted('new', { can: create }, [{ index: true, lazy: newPage }]) : { path: 'new', lazy: newPage },
    { path: ':id/edit', lazy: async () => ({ Component: await pages.edit() }) },
  ]);
}

const products = () => import('../features/products/pages/product-edit-page.tsx');
const services = () => import('../features/services/pages/service-edit-page.tsx');
const natures = () => import('../features/transaction-natures/pages/transaction-nature-edit-page.tsx');
const statuses = () => import('../features/invoice-statuses/pages/invoice-status-edit-page.tsx');
const reminders = () => import('../features/reminders/pages/reminder-edit-page.tsx');
const tags = () => import('../features/tags/pages/tag-edit-page.tsx');
const users = () => import('../features/users/pages/user-edit-page.tsx');
const checklists = () => import('../features/checklists/pages/template-edit-page.tsx');
const roles = () => import('../features/roles/pages/role-edit-page.tsx');

/** Registers and the profile (everyone's). */
export const registerRoutes: RouteObject[] = [
  register(
    '/products',
    { can: 'product.see', create: 'product.manage' },
    {
      list: () => import('../features/products/pages/products-page.tsx').then((m) => m.ProductsPage),
      create: () => products().then((m) => m.ProductNewPage),
      edit: () => products().then((m) => m.ProductEditPage),
    },
  ),
  register(
    '/services',
    { can: 'service.see', create: 'service.manage' },
    {
      list: () => import('../features/services/pages/services-page.tsx').then((m) => m.ServicesPage),
      create: () => services().then((m) => m.ServiceNewPage),
      edit: () => services().then((m) => m.ServiceEditPage),
    },
  ),
  register(
    '/transaction-natures',
    { can: 'transactionNature.manage' },
    {
      list: () =>
        import('../features/transaction-natures/pages/transaction-natures-page.tsx').then(
          (m) => m.TransactionNaturesPage,
        ),
      create: () => natures().then((m) => m.TransactionNatureNewPage),
      edit: () => natures().then((m) => m.TransactionNatureEditPage),
    },
  ),
  register(
    '/invoice-statuses',
    { can: 'invoiceStatus.manage' },
    {
      list: () =>
        import('../features/invoice-statuses/pages/invoice-statuses-page.tsx').then((m) => m.InvoiceStatusesPage),
      create: () => statuses().then((m) => m.InvoiceStatusNewPage),
      edit: () => statuses().then((m) => m.InvoiceStatusEditPage),
    },
  ),
  register(
    '/reminders',
    { can: 'reminder.manage', feature: 'reminders' },
    {
      list: () => import('../features/reminders/pages/reminders-page.tsx').then((m) => m.RemindersPage),
      create: () => reminders().then((m) => m.ReminderNewPage),
      edit: () => reminders().then((m) => m.ReminderEditPage),
    },
  ),
  register(
    '/tags',
    { can: 'tag.manage' },
    {
      list: () => import('../features/tags/pages/tags-page.tsx').then((m) => m.TagsPage),
      create: () => tags().then((m) => m.TagNewPage),
      edit: () => tags().then((m) => m.TagEditPage),
    },
  ),
  register(
    '/checklist-templates',
    { can: 'checklist.manage' },
    {
      list: () => import('../features/checklists/pages/templates-page.tsx').then((m) => m.TemplatesPage),
      create: () => checklists().then((m) => m.TemplateNewPage),
      edit: () => checklists().then((m) => m.TemplateEditPage),
    },
  ),
  register(
    '/admin/users',
    { can: 'user.manage' },
    {
      list: () => import('../features/users/pages/users-page.tsx').then((m) => m.UsersPage),
      create: () => users().then((m) => m.UserNewPage),
      edit: () => users().then((m) => m.UserEditPage),
    },
  ),
  register(
    '/roles',
    { can: 'user.manage' },
    {
      list: () => import('../features/roles/pages/roles-page.tsx').then((m) => m.RolesPage),
      create: () => roles().then((m) => m.RoleNewPage),
      edit: () => roles().then((m) => m.RoleEditPage),
    },
  ),
  {
    path: '/profile',
    lazy: async () => ({ Component: (await import('../features/profile/pages/profile-page.tsx')).ProfilePage }),
  },
  restricted('/whatsapp', { can: 'whatsapp.configure' }, [
    {
      index: true,
      lazy: async () => ({ Component: (await import('../features/whatsapp/pages/whatsapp-page.tsx')).WhatsAppPage }),
    },
  ]),
  restricted('/organization', { can: 'organization.manage' }, [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../features/organization/pages/organization-page.tsx')).OrganizationPage,
      }),
    },
    {
      path: 'field',
      lazy: async () => ({
        Component: (await import('../features/organization/pages/field-settings-page.tsx')).FieldSettingsPage,
      }),
    },
  ]),
];
