import type { FeatureName } from '@ordem-certa/contracts';

export interface NavItem {
  label: string;
  to: string;
  admin?: boolean;
  feature?: FeatureName;
}

/** The top navigation, with who sees each entry. */
export const mainNav: NavItem[] = [
  { label: 'Orçamentos', to: '/estimates', admin: true, feature: 'estimates' },
  { label: 'Ordens de Serviço', to: '/invoices' },
  { label: 'Agenda', to: '/agenda', admin: true },
  // Maintenance plans (PMOC): each visit becomes a service order.
  { label: 'PMOC', to: '/maintenance-plans', admin: true },
  { label: 'Clientes', to: '/customers', admin: true },
];

export const registersNav: NavItem[] = [
  { label: 'Produtos', to: '/products', admin: true },
  { label: 'Serviços', to: '/services', admin: true },
  { label: 'Minhas Empresas', to: '/companies', admin: true },
  { label: 'Colaboradores', to: '/admin/users', admin: true },
  { label: 'Situações de OS', to: '/invoice-statuses', admin: true },
  { label: 'Naturezas da Operação', to: '/transaction-natures', admin: true },
  { label: 'Lembretes', to: '/reminders', admin: true, feature: 'reminders' },
  { label: 'Etiquetas', to: '/tags', admin: true },
  { label: 'Checklists', to: '/checklist-templates', admin: true },
  { label: 'Importar planilha', to: '/import', admin: true },
];

/** 'Financeiro': money in, money out, the technicians' pay and the cash flow. */
export const financeNav: NavItem[] = [
  // Instalments of every order, open, overdue and received.
  { label: 'Contas a receber', to: '/receivables', admin: true },
  // Contas a pagar: what the shop owes, open, overdue and paid.
  { label: 'Despesas', to: '/expenses', admin: true },
  { label: 'Folha', to: '/payrolls', admin: true, feature: 'payroll' },
  { label: 'Fluxo de caixa', to: '/reports/cash-flow', admin: true, feature: 'reports' },
];

export const trailingNav: NavItem[] = [
  { label: 'Relatórios', to: '/reports', admin: true, feature: 'reports' },
  { label: 'Logs', to: '/audit-logs', admin: true, feature: 'auditLogs' },
];

export function canSee(item: Pick<NavItem, 'admin' | 'feature'>, isAdmin: boolean, features: Record<string, boolean>) {
  if (item.admin && !isAdmin) return false;
  if (item.feature && !features[item.feature]) return false;
  return true;
}
