import { can, type FeatureName, type Permission, type Viewer } from '@ordem-certa/contracts';

export interface NavItem {
  label: string;
  to: string;
  /** The permission the screen is for; without one, everyone signed in sees the entry. */
  can?: Permission;
  feature?: FeatureName;
}

/** The top navigation, with who sees each entry. */
export const mainNav: NavItem[] = [
  { label: 'Orçamentos', to: '/estimates', can: 'estimate.see', feature: 'estimates' },
  { label: 'Ordens de Serviço', to: '/invoices', can: 'invoice.see' },
  // Visits asked for by customers (their portal) and new customers (the public form).
  { label: 'Pedidos', to: '/service-requests', can: 'invoice.create' },
  { label: 'Agenda', to: '/agenda', can: 'invoice.schedule' },
  // Maintenance plans (PMOC): each visit becomes a service order.
  { label: 'PMOC', to: '/maintenance-plans', can: 'maintenancePlan.see' },
  { label: 'Clientes', to: '/customers', can: 'customer.see' },
];

export const registersNav: NavItem[] = [
  { label: 'Produtos', to: '/products', can: 'product.see' },
  { label: 'Serviços', to: '/services', can: 'service.see' },
  { label: 'Minhas Empresas', to: '/companies', can: 'company.manage' },
  { label: 'Colaboradores', to: '/admin/users', can: 'user.manage' },
  // What each collaborator may see and do.
  { label: 'Funções', to: '/roles', can: 'user.manage' },
  { label: 'Situações de OS', to: '/invoice-statuses', can: 'invoiceStatus.manage' },
  { label: 'Naturezas da Operação', to: '/transaction-natures', can: 'transactionNature.manage' },
  { label: 'Lembretes', to: '/reminders', can: 'reminder.manage', feature: 'reminders' },
  { label: 'Etiquetas', to: '/tags', can: 'tag.manage' },
  { label: 'Checklists', to: '/checklist-templates', can: 'checklist.manage' },
  { label: 'Importar planilha', to: '/import', can: 'import.run' },
];

/** 'Financeiro': money in, money out, the technicians' pay and the cash flow. */
export const financeNav: NavItem[] = [
  // The owner's month at a glance: money, orders, estimates, NPS, each figure opening its list.
  { label: 'Painel', to: '/painel', can: 'report.see', feature: 'reports' },
  // Instalments of every order, open, overdue and received.
  { label: 'Contas a receber', to: '/receivables', can: 'payment.see' },
  // Maintenance contracts: each period bills itself (order, instalment, charge, NFS-e).
  { label: 'Contratos', to: '/contracts', can: 'contract.see' },
  // Pix received on a company's key that no charge of ours explains, to be associated with an order.
  { label: 'Pix não identificados', to: '/pix/unidentified', can: 'payment.see' },
  // Every NFS-e of the month, its totals and the accountant's files.
  { label: 'Notas fiscais', to: '/nfse', can: 'nfse.see', feature: 'nfse' },
  // Contas a pagar: what the shop owes, open, overdue and paid.
  { label: 'Despesas', to: '/expenses', can: 'expense.see' },
  { label: 'Folha', to: '/payrolls', can: 'payroll.manage', feature: 'payroll' },
  { label: 'Fluxo de caixa', to: '/reports/cash-flow', can: 'report.see', feature: 'reports' },
];

export const trailingNav: NavItem[] = [
  { label: 'Relatórios', to: '/reports', can: 'report.see', feature: 'reports' },
  { label: 'Logs', to: '/audit-logs', can: 'auditLog.see', feature: 'auditLogs' },
];

export function canSee(item: Pick<NavItem, 'can' | 'feature'>, viewer: Viewer, features: Record<string, boolean>) {
  if (item.can && !can(viewer, item.can)) return false;
  if (item.feature && !features[item.feature]) return false;
  return true;
}
