// Roles are data: a name and a set of permissions from the map (permissions.ts). These are the roles
// the product ships; an organization's own roles are the same shape, their permission lists stored in
// the database and read through `permissionSet`. A user's role is resolved to its set once (per request
// on the server, per session on the web) and `can` only looks names up in it.
import { ROLE_ADMIN, ROLE_USER } from './session.ts';
import { everyonePermissions, isPermission, permissionNames, type Permission } from './permissions.ts';

export interface RoleDefinition {
  /** pt-BR, as the role list and the user form show it. */
  name: string;
  /** pt-BR, one sentence: whom the role is for. */
  description: string;
  permissions: ReadonlySet<Permission>;
}

/** A set of the given permissions and of those every role holds. */
const holding = (granted: readonly Permission[]): ReadonlySet<Permission> =>
  new Set<Permission>([...everyonePermissions, ...granted]);

/** The office's everyday reading: whom an order or estimate is for, from which company, at what price. */
const frontOffice: Permission[] = ['customer.see', 'company.see', 'user.see', 'price.see'];

export const builtInRoles = {
  admin: {
    name: 'Administrador',
    description: 'Tudo, inclusive usuários, configurações, custos e a folha.',
    permissions: holding(permissionNames),
  },
  frontDesk: {
    name: 'Atendente',
    description: 'Clientes, orçamentos e ordens: cria, agenda e designa; vê preços, não custos nem o financeiro.',
    permissions: holding([
      ...frontOffice,
      'customer.create',
      'customer.edit',
      'equipment.manage',
      'message.see',
      'message.send',
      'estimate.see',
      'estimate.create',
      'estimate.edit',
      'estimate.send',
      'estimate.approve',
      'invoice.see',
      'invoice.seeAll',
      'invoice.create',
      'invoice.edit',
      'invoice.schedule',
      'invoice.assign',
      'invoice.comment',
      'invoice.internalComments',
      'invoice.send',
      'tag.apply',
      'product.see',
      'service.see',
      'transactionNature.see',
      'checklist.see',
    ]),
  },
  finance: {
    name: 'Financeiro',
    description: 'Recebimentos, despesas, folha, comissões, NFS-e e relatórios; vê preços e custos.',
    permissions: holding([
      ...frontOffice,
      'message.see',
      'invoice.see',
      'invoice.seeAll',
      'payment.see',
      'payment.record',
      'contract.see',
      'contract.manage',
      'expense.see',
      'expense.manage',
      'report.see',
      'payroll.manage',
      'commission.manage',
      'nfse.see',
      'nfse.issue',
      'cost.see',
    ]),
  },
  technician: {
    name: 'Técnico',
    description: 'Trabalha nas ordens em que está designado, sem ver valores.',
    permissions: holding(['invoice.see', 'invoice.work', 'invoice.comment']),
  },
  accountant: {
    name: 'Contador',
    description: 'Consulta NFS-e, recebimentos, despesas e relatórios e baixa os arquivos do mês; não altera nada.',
    permissions: holding([
      'nfse.see',
      'payment.see',
      'contract.see',
      'expense.see',
      'report.see',
      'price.see',
      'cost.see',
    ]),
  },
} as const satisfies Record<string, RoleDefinition>;
export type BuiltInRole = keyof typeof builtInRoles;

/** The role values users hold today (users.role, the token's `roles`) and the built-in role of each. */
export const storedRoles: Readonly<Record<string, BuiltInRole>> = {
  [ROLE_ADMIN]: 'admin',
  [ROLE_USER]: 'technician',
};

const none: ReadonlySet<Permission> = new Set();

/** What the holder of these stored roles may do: the union of their sets; an unknown role adds nothing. */
export function permissionsOfRoles(roles: readonly string[]): ReadonlySet<Permission> {
  const sets = roles.flatMap((r) => (Object.hasOwn(storedRoles, r) ? [builtInRoles[storedRoles[r]!].permissions] : []));
  if (sets.length <= 1) return sets[0] ?? none;
  return new Set(sets.flatMap((s) => [...s]));
}

/**
 * A stored list of permission names as a role's set: names the map no longer has are dropped, and what
 * every role holds is added, so a custom role saved before a permission was renamed still signs in.
 */
export function permissionSet(names: readonly string[]): ReadonlySet<Permission> {
  return holding(names.filter(isPermission));
}

/** Whether a stored key names a built-in role. */
export const isBuiltInRole = (key: string | null | undefined): key is BuiltInRole =>
  typeof key === 'string' && Object.hasOwn(builtInRoles, key);

/** A stored role's set: a built-in role's from the product, an organization's own from its stored list. */
export function permissionsOfRole(role: { builtIn: string | null; permissions: readonly string[] }) {
  return isBuiltInRole(role.builtIn) ? builtInRoles[role.builtIn].permissions : permissionSet(role.permissions);
}
