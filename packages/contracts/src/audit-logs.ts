import { z } from 'zod';
import { listQuery } from './common.ts';

export const auditActions = ['view', 'create', 'update', 'delete'] as const;
export type AuditActionName = (typeof auditActions)[number];
export const auditEntities = [
  'invoice',
  'estimate',
  'payroll',
  'customer',
  'maintenancePlan',
  'user',
  'expense',
  'role',
  'contract',
] as const;

export const auditActionLabels: Record<string, string> = {
  view: 'Visualização',
  create: 'Criação',
  update: 'Alteração',
  delete: 'Remoção',
};
export const auditEntityLabels: Record<string, string> = {
  invoice: 'Ordem de Serviço',
  estimate: 'Orçamento',
  payroll: 'Folha',
  customer: 'Cliente',
  maintenancePlan: 'Plano de manutenção',
  user: 'Colaborador',
  expense: 'Despesa',
  role: 'Função',
  contract: 'Contrato',
};

/** The pt-BR name of each field a change line can name (unknown fields show their key). */
export const auditFieldLabels: Record<string, string> = {
  number: 'Número',
  company: 'Empresa',
  customer: 'Cliente',
  transactionNature: 'Natureza da operação',
  status: 'Situação',
  startedAt: 'Iniciada em',
  finishedAt: 'Concluída em',
  isPaid: 'Pago',
  paymentDate: 'Data de pagamento',
  paymentDescription: 'Descrição do pagamento',
  subTotal: 'Subtotal',
  discount: 'Desconto',
  total: 'Total',
  invoiceInfo1: 'Pedido de compra',
  invoiceInfo2: 'Nota fiscal',
  isPayingJustTheHalf: 'Colaborador 50%',
  payrollBonus: 'Bônus',
  services: 'Serviços',
  products: 'Produtos',
  equipments: 'Equipamentos',
  workers: 'Colaboradores',
  comments: 'Comentários',
  pictures: 'Fotos',
  tags: 'Etiquetas',
  signature: 'Assinatura',
  signLink: 'Link de assinatura',
  reminders: 'Lembretes',
  notes: 'Observações',
  startDate: 'Início',
  endDate: 'Fim',
  lines: 'Linhas',
  paidAt: 'Pagamento de colaborador',
  reportedProblem: 'Problema relatado',
  scheduledAt: 'Agendado para',
  address: 'Endereço',
  addressId: 'Endereço (id)',
  estimate: 'Orçamento de origem (id)',
  emails: 'E-mail',
  invoices: 'Itens levados para a ordem de serviço',
  personalData: 'Dados pessoais (LGPD)',
  maintenancePlan: 'Plano de manutenção (nº)',
  frequency: 'Periodicidade',
  leadDays: 'Antecedência (dias)',
  checklistTemplate: 'Checklist',
  worker: 'Técnico',
  engineerName: 'Engenheiro responsável',
  engineerRegistration: 'Registro (CREA/CFT)',
  artNumber: 'ART',
  endedAt: 'Encerrado em',
  payRule: 'Regra de pagamento',
  payments: 'Pagamento',
  installments: 'Parcelas',
  // Expenses (contas a pagar); their payment day is 'paymentDate'.
  description: 'Descrição',
  category: 'Categoria',
  amount: 'Valor',
  dueDate: 'Vencimento',
  attachment: 'Anexo',
  // Maintenance contracts.
  plans: 'Planos de manutenção',
  periodicity: 'Periodicidade',
  billingDay: 'Dia de cobrança',
  readjustmentIndex: 'Índice de reajuste',
  readjustment: 'Reajuste',
  issueNfse: 'Emitir NFS-e',
  holdVisitsAfterDays: 'Segurar visitas após (dias de atraso)',
  contract: 'Contrato (nº)',
  contractPeriod: 'Período do contrato',
};

/** GET audit-logs: user (id), action, q (order/estimate number, entity id or the user's name). */
export const auditLogQuery = listQuery.extend({
  user: z.coerce.number().int().positive().optional(),
  action: z.enum(auditActions, { error: 'Ação inválida' }).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;
export type AuditLogFilter = z.infer<typeof auditLogQuery>;

export const auditChangeLine = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChangeLine = z.infer<typeof auditChangeLine>;

export const auditLogItem = z.object({
  id: z.number().int(),
  action: z.string(),
  createdAt: z.string(),
  entity: z.string(),
  entityId: z.number().int(),
  /** The order's or estimate's number, when it still exists. */
  entityNumber: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  /**
   * null: done without a login (a customer signing through the public link) or by the server itself
   * (a maintenance plan making a visit's order: its data names the plan).
   */
  user: z.string().nullable(),
  data: z.array(auditChangeLine),
});
export type AuditLogItem = z.infer<typeof auditLogItem>;
