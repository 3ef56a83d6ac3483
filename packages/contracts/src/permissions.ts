// Every thing the product lets someone do, named once. A role is a set of these names (roles.ts), the
// server checks them and the web app asks the same `can` (can.ts) to hide what would be refused. Each
// operation of the API needs exactly one of them; a few (prices, costs, every order, internal comments,
// reopening) are rules inside answers and state changes rather than operations of their own.
// Plain data without zod, so any screen can import it; the labels are what the role screen shows.

/** The groups the role screen shows the permissions in, in this order. */
export const permissionGroups = {
  account: 'Conta',
  customers: 'Clientes e equipamentos',
  estimates: 'Orçamentos',
  orders: 'Ordens de serviço',
  plans: 'PMOC (planos de manutenção)',
  values: 'Preços e custos',
  finance: 'Financeiro',
  payroll: 'Folha e comissões',
  nfse: 'NFS-e',
  registers: 'Cadastros',
  administration: 'Administração',
} as const;
export type PermissionGroup = keyof typeof permissionGroups;

export interface PermissionInfo {
  group: PermissionGroup;
  /** pt-BR, short: the checkbox's label. */
  label: string;
  /** pt-BR, one sentence: what it lets the user do. */
  description: string;
  /** Part of every role, built-in or not: what anyone signed in needs to use the app at all. */
  everyone: boolean;
}

type Entries = Record<string, readonly [label: string, description: string]>;

function group<const T extends Entries>(
  name: PermissionGroup,
  entries: T,
  everyone = false,
): { readonly [K in keyof T]: PermissionInfo } {
  return Object.fromEntries(
    Object.entries(entries).map(([key, [label, description]]) => [key, { group: name, label, description, everyone }]),
  ) as { readonly [K in keyof T]: PermissionInfo };
}

export const permissions = {
  ...group(
    'account',
    {
      'organization.see': [
        'Ver a organização',
        'O nome, o fuso horário, os recursos ligados e as situações de OS da organização.',
      ],
      'profile.manage': ['Alterar o próprio perfil', 'Nome, senha, assinatura e o link da agenda no celular.'],
      'notification.read': ['Receber as próprias notificações', 'O sino e os avisos no celular, cada um os seus.'],
      'lookup.use': ['Consultar CEP, CNPJ e municípios', 'Dados públicos que preenchem endereços e empresas.'],
    },
    true,
  ),
  ...group('customers', {
    'customer.see': [
      'Ver clientes',
      'A lista e a ficha dos clientes, com endereços, equipamentos e o histórico de cada equipamento.',
    ],
    'customer.create': ['Cadastrar clientes', 'Incluir um cliente novo.'],
    'customer.edit': ['Alterar clientes', 'Os dados e os endereços dos clientes.'],
    'customer.delete': ['Remover clientes', 'Apagar um cliente que ainda não tem ordens nem orçamentos.'],
    'customer.personalData': [
      'Dados pessoais (LGPD)',
      'Exportar os dados pessoais de um cliente ou anonimizá-lo a pedido dele.',
    ],
    'equipment.manage': [
      'Cadastrar equipamentos',
      'Incluir, alterar e remover os equipamentos dos clientes, também de dentro de uma ordem.',
    ],
    'message.see': [
      'Ver as conversas do WhatsApp',
      'As mensagens trocadas com os clientes pelo WhatsApp, na ficha do cliente e na ordem.',
    ],
    'message.send': [
      'Responder pelo WhatsApp',
      'Escrever ao cliente pelo WhatsApp nas 24 horas seguintes à última mensagem dele.',
    ],
  }),
  ...group('estimates', {
    'estimate.see': ['Ver orçamentos', 'A lista e os orçamentos, com fotos, comentários, e-mails e as ordens geradas.'],
    'estimate.create': ['Criar orçamentos', 'Abrir um orçamento novo para um cliente.'],
    'estimate.edit': [
      'Alterar orçamentos',
      'Itens, desconto, equipamentos, fotos, comentários e lembretes dos orçamentos em aberto.',
    ],
    'estimate.send': ['Enviar orçamentos', 'O PDF, o e-mail e o link para o cliente aprovar ou recusar.'],
    'estimate.approve': ['Aprovar orçamentos', 'Mudar a situação do orçamento: iniciar, aprovar ou cancelar.'],
  }),
  ...group('orders', {
    'invoice.see': [
      'Ver ordens de serviço',
      'As ordens em que trabalha, com comentários, fotos, checklists, assinatura, PDF e a agenda das visitas.',
    ],
    'invoice.seeAll': [
      'Ver todas as ordens',
      'Não só as ordens em que está designado: filtrar por colaborador e os quadros do início.',
    ],
    'invoice.create': ['Criar ordens de serviço', 'Abrir uma ordem nova, também a partir de um orçamento aprovado.'],
    'invoice.edit': [
      'Alterar ordens de serviço',
      'Dados, desconto, serviços, produtos e checklists; remover comentários e fotos de outros.',
    ],
    'invoice.schedule': ['Agendar visitas', 'Marcar e remarcar as visitas, também no quadro da agenda.'],
    'invoice.assign': ['Designar colaboradores', 'Escolher quem trabalha em cada ordem.'],
    'invoice.work': [
      'Executar ordens de serviço',
      'Iniciar, devolver, bloquear e concluir; marcar os equipamentos atendidos; responder os checklists.',
    ],
    'invoice.comment': ['Comentar e fotografar', 'Escrever comentários e enviar fotos nas ordens que vê.'],
    'invoice.internalComments': [
      'Comentários internos',
      'Ler e escrever os comentários internos e ler o histórico do sistema.',
    ],
    'invoice.cancel': ['Cancelar ordens de serviço', 'Cancelar uma ordem com o motivo.'],
    'invoice.reopen': ['Reabrir ordens concluídas', 'Voltar para Em Andamento uma ordem concluída e ainda não paga.'],
    'invoice.send': [
      'Enviar ordens ao cliente',
      'O e-mail da ordem, o link de assinatura pelo WhatsApp e um novo link de assinatura.',
    ],
  }),
  ...group('plans', {
    'maintenancePlan.see': ['Ver planos de manutenção', 'Os planos, as suas visitas e o relatório PMOC.'],
    'maintenancePlan.manage': [
      'Gerenciar planos de manutenção',
      'Criar, alterar e encerrar planos e gerar as ordens das visitas.',
    ],
  }),
  ...group('values', {
    'price.see': ['Ver preços', 'Preços, descontos, totais e pagamentos das ordens e orçamentos, e o PDF com valores.'],
    'cost.see': ['Ver custos e margens', 'O custo dos produtos e as margens nos relatórios.'],
  }),
  ...group('finance', {
    'payment.see': ['Ver recebimentos', 'Os pagamentos das ordens e as contas a receber, também em CSV.'],
    'payment.record': [
      'Registrar recebimentos',
      'Receber, parcelar e desfazer pagamentos das ordens e dar baixa em parcelas.',
    ],
    'expense.see': ['Ver despesas', 'As contas a pagar e os seus anexos.'],
    'expense.manage': ['Lançar despesas', 'Incluir, alterar, pagar e remover despesas e os seus anexos.'],
    'report.see': ['Ver relatórios', 'Os relatórios e o fluxo de caixa, na tela e em CSV.'],
    'contract.see': ['Ver contratos', 'Os contratos de manutenção, as suas cobranças e a lista dos atrasados.'],
    'contract.manage': [
      'Gerenciar contratos',
      'Criar, alterar, suspender, encerrar e reajustar contratos de manutenção.',
    ],
  }),
  ...group('payroll', {
    'payroll.manage': ['Gerenciar a folha', 'Gerar, pagar e remover folhas e emitir os holerites.'],
    'commission.manage': ['Regras de pagamento', 'Comissões e valores de cada colaborador, e os dados para pagá-lo.'],
  }),
  ...group('nfse', {
    'nfse.see': ['Ver NFS-e', 'As notas das ordens, os seus XML e o arquivo do mês.'],
    'nfse.issue': ['Emitir NFS-e', 'Emitir e cancelar a NFS-e de uma ordem concluída.'],
    'nfse.configure': ['Configurar a NFS-e', 'Os dados fiscais e o certificado A1 das empresas.'],
  }),
  ...group('registers', {
    'product.see': ['Ver produtos', 'Os produtos, os seus preços e o estoque.'],
    'product.manage': ['Cadastrar produtos', 'Incluir e alterar produtos e lançar entradas e saídas do estoque.'],
    'service.see': ['Ver serviços', 'Os serviços e os seus preços.'],
    'service.manage': ['Cadastrar serviços', 'Incluir, alterar e retirar serviços.'],
    'company.see': [
      'Ver as empresas',
      'As empresas da organização, endereços, logotipo e mensagem do WhatsApp, para ordens e orçamentos.',
    ],
    'company.manage': [
      'Configurar as empresas',
      'Dados, endereços, logotipo, assinatura, PIX e mensagens das empresas.',
    ],
    'transactionNature.see': ['Ver naturezas da operação', 'Para escolher a natureza de uma ordem.'],
    'transactionNature.manage': ['Cadastrar naturezas da operação', 'Incluir e alterar naturezas da operação.'],
    'invoiceStatus.manage': ['Cadastrar situações de OS', 'Incluir e alterar as situações das ordens.'],
    'tag.manage': ['Cadastrar etiquetas', 'Incluir e alterar etiquetas.'],
    'tag.apply': ['Etiquetar', 'Pôr e tirar etiquetas de ordens e orçamentos.'],
    'reminder.manage': ['Cadastrar lembretes', 'Os lembretes que os orçamentos agendam.'],
    'checklist.see': ['Ver modelos de checklist', 'Para incluí-los em ordens e planos.'],
    'checklist.manage': ['Cadastrar checklists', 'Incluir, alterar e retirar modelos de checklist.'],
    'import.run': ['Importar planilhas', 'Clientes, produtos e serviços a partir de CSV ou XLSX.'],
  }),
  ...group('administration', {
    'organization.manage': ['Alterar a organização', 'O nome e o fuso horário da organização.'],
    'whatsapp.configure': [
      'Configurar o WhatsApp',
      'A conexão com o WhatsApp Business, os modelos de mensagem e quais avisos são enviados.',
    ],
    'user.see': ['Ver os colaboradores', 'Os nomes dos colaboradores ativos, para designar, filtrar e reagendar.'],
    'user.manage': ['Gerenciar usuários', 'Cadastrar, alterar e desativar usuários e escolher a função de cada um.'],
    'auditLog.see': ['Ver o registro de alterações', 'Quem mudou o quê e quando.'],
  }),
};

export type Permission = keyof typeof permissions;

/** Every permission, in the role screen's order. */
export const permissionNames = Object.keys(permissions) as Permission[];

/** Whether a stored or received name is one of the map (a custom role's list is read from the database). */
export const isPermission = (name: string): name is Permission => Object.hasOwn(permissions, name);

/** What every role holds, whatever else it has. */
export const everyonePermissions: readonly Permission[] = permissionNames.filter((p) => permissions[p].everyone);
