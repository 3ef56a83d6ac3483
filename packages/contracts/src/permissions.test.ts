import { describe, expect, it } from 'vitest';
import {
  builtInRoles,
  can,
  canRemoveAuthored,
  canUseCommentType,
  everyonePermissions,
  isPermission,
  permissionGroups,
  permissionNames,
  permissions,
  permissionSet,
  permissionsOfRoles,
  ROLE_ADMIN,
  ROLE_USER,
  storedRoles,
  type Permission,
  type PermittedViewer,
} from './index.ts';
import { allowedInvoiceChanges, InvoiceState as S } from './invoice-states.ts';

const viewerOf = (role: keyof typeof builtInRoles, userId = 1): PermittedViewer => ({
  userId,
  permissions: builtInRoles[role].permissions,
});
const admin = viewerOf('admin');
const technician = viewerOf('technician');

describe('the permission map', () => {
  it('names each permission as entity.action and puts it in a group with a pt-BR label and explanation', () => {
    expect(permissionNames.length).toBeGreaterThan(50);
    for (const name of permissionNames) {
      const info = permissions[name];
      expect(name, name).toMatch(/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/);
      expect(Object.keys(permissionGroups), name).toContain(info.group);
      expect(info.label.trim().length, name).toBeGreaterThan(3);
      expect(info.description, name).toMatch(/^[A-ZÁÉÍÓÚ].{10,}\.$/);
    }
  });

  it('has no empty group and no two permissions with the same label', () => {
    for (const group of Object.keys(permissionGroups))
      expect(
        permissionNames.some((p) => permissions[p].group === group),
        group,
      ).toBe(true);
    const labels = permissionNames.map((p) => permissions[p].label);
    expect(labels.filter((l, i) => labels.indexOf(l) !== i)).toEqual([]);
  });

  it("lists a group's permissions together, so the role screen shows them in the map's order", () => {
    const groups = permissionNames.map((p) => permissions[p].group);
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual(Object.keys(permissionGroups));
  });

  it('tells a known name from an unknown one', () => {
    expect(isPermission('customer.create')).toBe(true);
    expect(isPermission('customer.fly')).toBe(false);
    expect(isPermission('toString')).toBe(false);
  });
});

describe('the built-in roles', () => {
  it('hold only permissions of the map, and every one holds what everyone needs', () => {
    expect(everyonePermissions).toEqual(['organization.see', 'profile.manage', 'notification.read', 'lookup.use']);
    for (const [key, role] of Object.entries(builtInRoles)) {
      expect(
        [...role.permissions].filter((p) => !isPermission(p)),
        key,
      ).toEqual([]);
      expect(
        everyonePermissions.filter((p) => !role.permissions.has(p)),
        key,
      ).toEqual([]);
      expect(role.name.length, key).toBeGreaterThan(3);
      expect(role.description, key).toMatch(/\.$/);
    }
  });

  it('Administrador holds every permission', () => {
    expect([...builtInRoles.admin.permissions].sort()).toEqual([...permissionNames].sort());
  });

  it('Técnico is the collaborator of today: the orders they work on, nothing of money or settings', () => {
    expect([...builtInRoles.technician.permissions].sort()).toEqual(
      [...everyonePermissions, 'invoice.see', 'invoice.work', 'invoice.comment'].sort(),
    );
  });

  it('Atendente sees prices but no costs, finance, payroll, settings or users', () => {
    const p = builtInRoles.frontDesk.permissions;
    for (const yes of ['customer.create', 'estimate.approve', 'invoice.create', 'invoice.schedule', 'price.see'])
      expect(p.has(yes as Permission), yes).toBe(true);
    const denied = permissionNames.filter(
      (n) => p.has(n) && ['finance', 'payroll', 'nfse', 'administration'].includes(permissions[n].group),
    );
    expect(denied).toEqual(['user.see']);
    for (const no of ['cost.see', 'company.manage', 'product.manage', 'invoiceStatus.manage'] as const)
      expect(p.has(no), no).toBe(false);
  });

  it('Financeiro handles money and sees costs, without settings or users', () => {
    const p = builtInRoles.finance.permissions;
    for (const yes of ['payment.record', 'expense.manage', 'payroll.manage', 'nfse.issue', 'cost.see'] as const)
      expect(p.has(yes), yes).toBe(true);
    for (const no of ['user.manage', 'organization.manage', 'company.manage', 'nfse.configure'] as const)
      expect(p.has(no), no).toBe(false);
  });

  it('Contador only reads: every permission beyond the account ones is a .see', () => {
    const own = [...builtInRoles.accountant.permissions].filter((p) => !permissions[p].everyone);
    expect(own.filter((p) => !p.endsWith('.see'))).toEqual([]);
    expect(own).toEqual(expect.arrayContaining(['nfse.see', 'payment.see', 'expense.see', 'report.see']));
  });

  it("resolves today's stored roles: ROLE_ADMIN is Administrador, ROLE_USER is Técnico, unknown adds nothing", () => {
    expect(storedRoles).toEqual({ [ROLE_ADMIN]: 'admin', [ROLE_USER]: 'technician' });
    expect(permissionsOfRoles([ROLE_ADMIN])).toBe(builtInRoles.admin.permissions);
    expect(permissionsOfRoles([ROLE_USER])).toBe(builtInRoles.technician.permissions);
    expect(permissionsOfRoles([ROLE_USER, ROLE_ADMIN]).size).toBe(permissionNames.length);
    expect(permissionsOfRoles(['ROLE_GUEST']).size).toBe(0);
    expect(permissionsOfRoles([]).size).toBe(0);
  });

  it("reads a custom role's stored list: unknown names dropped, the account permissions added", () => {
    const set = permissionSet(['customer.see', 'customer.gone', 'price.see']);
    expect([...set].sort()).toEqual([...everyonePermissions, 'customer.see', 'price.see'].sort());
    expect(can({ userId: 1, permissions: set }, 'customer.see')).toBe(true);
    expect(can({ userId: 1, permissions: set }, 'customer.create')).toBe(false);
  });
});

/**
 * The rules as they were written before roles were permission sets, each a function of the admin flag
 * (an admin: every one; a collaborator: only the bell, General and Technical comments, and removing what
 * they wrote or took). The map must give the same answers for both roles.
 */
const rulesBefore: Array<[rule: string, permission: Permission, admin: boolean, collaborator: boolean]> = [
  ['manageOrganization', 'organization.manage', true, false],
  ['seePrices', 'price.see', true, false],
  ['seeAllOrders', 'invoice.seeAll', true, false],
  ['filterByWorker', 'invoice.seeAll', true, false],
  ['editOrderLines', 'invoice.edit', true, false],
  ['registerEquipment', 'equipment.manage', true, false],
  ['editTags', 'tag.apply', true, false],
  ['handlePayment', 'payment.record', true, false],
  ['actAsOffice', 'invoice.seeAll', true, false],
  ['readNotifications', 'notification.read', true, true],
  ['handlePersonalData', 'customer.personalData', true, false],
];

describe("today's rules, answered from the map", () => {
  it.each(rulesBefore)('%s is %s', (_rule, permission, forAdmin, forCollaborator) => {
    expect(can(admin, permission)).toBe(forAdmin);
    expect(can(technician, permission)).toBe(forCollaborator);
  });

  it('comments: General (1) and Technical (2) for everyone, Internal (3) and System (4) for the office', () => {
    for (const type of [1, 2]) expect(canUseCommentType(technician, type)).toBe(true);
    for (const type of [3, 4]) {
      expect(canUseCommentType(technician, type)).toBe(false);
      expect(canUseCommentType(admin, type)).toBe(true);
    }
  });

  it('a comment or photo is removed by its author or by who may edit the record', () => {
    const own = { userId: 1 };
    const other = { userId: 2 };
    expect(canRemoveAuthored(technician, own)).toBe(true);
    expect(canRemoveAuthored(technician, other)).toBe(false);
    expect(canRemoveAuthored(technician, { userId: null })).toBe(false);
    expect(canRemoveAuthored(admin, other)).toBe(true);
    expect(canRemoveAuthored(admin, other, 'estimate')).toBe(true);
    const estimatesOnly = { userId: 1, permissions: permissionSet(['estimate.edit']) };
    expect(canRemoveAuthored(estimatesOnly, other, 'estimate')).toBe(true);
    expect(canRemoveAuthored(estimatesOnly, other, 'invoice')).toBe(false);
  });

  it('order state changes: cancelling and reopening by permission', () => {
    expect(allowedInvoiceChanges(S.Wip, { viewer: admin, isPaid: false })).toContain(S.Canceled);
    expect(allowedInvoiceChanges(S.Wip, { viewer: technician, isPaid: false })).not.toContain(S.Canceled);
    expect(allowedInvoiceChanges(S.Completed, { viewer: admin, isPaid: false })).toEqual([S.Wip]);
    expect(allowedInvoiceChanges(S.Completed, { viewer: technician, isPaid: false })).toEqual([]);
    const reopener = { userId: 1, permissions: permissionSet(['invoice.reopen']) };
    expect(allowedInvoiceChanges(S.Completed, { viewer: reopener, isPaid: false })).toEqual([S.Wip]);
    expect(allowedInvoiceChanges(S.Wip, { viewer: reopener, isPaid: false })).not.toContain(S.Canceled);
  });
});
