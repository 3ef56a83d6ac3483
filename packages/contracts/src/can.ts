// The one question both sides ask: may this viewer do this? The server asks it to refuse (and to leave
// prices and costs out of its answers); the web app asks it only to hide what would be refused. The
// viewer carries its role's permissions, resolved once (roles.ts), so a role made of any permissions
// of the map (permissions.ts) answers here without a change at any call site.
import { builtInRoles } from './roles.ts';
import type { Permission } from './permissions.ts';

/** Who is asking: their user id and the permissions of their role. */
export interface PermittedViewer {
  userId: number;
  permissions: ReadonlySet<Permission>;
}

/**
 * @deprecated The server's actor until it carries its role's permissions: an admin flag that stands for
 * the two stored roles (Administrador, Técnico).
 */
export interface LegacyViewer {
  userId: number;
  isAdmin: boolean;
  permissions?: undefined;
}

export type Viewer = PermittedViewer | LegacyViewer;

/** Something a user wrote or uploaded (a comment, a photo). */
export interface Authored {
  userId: number | null;
}

const permissionsOf = (viewer: Viewer): ReadonlySet<Permission> =>
  viewer.permissions ?? builtInRoles[viewer.isAdmin ? 'admin' : 'technician'].permissions;

/** Whether the viewer's role holds the permission. */
function allows(viewer: Viewer, permission: Permission): boolean {
  return permissionsOf(viewer).has(permission);
}

/** Order comment types only `invoice.internalComments` reads or writes: Internal (3) and System (4). */
export const internalCommentTypes: readonly number[] = [3, 4];
/** @deprecated The same list under its name from before roles were permission sets. */
export const adminOnlyOrderCommentTypes = internalCommentTypes;

/** Read or write order comments of this type. */
export const canUseCommentType = (viewer: Viewer, type: number) =>
  allows(viewer, 'invoice.internalComments') || !internalCommentTypes.includes(type);

/** The permission that also lets one remove what others wrote or took on a record of each kind. */
const editing = { invoice: 'invoice.edit', estimate: 'estimate.edit' } as const satisfies Record<string, Permission>;

/** Remove a comment or a photo: whoever wrote or took it, or who may edit the record it is on. */
export const canRemoveAuthored = (viewer: Viewer, authored: Authored, on: keyof typeof editing = 'invoice') =>
  (authored.userId !== null && authored.userId === viewer.userId) || allows(viewer, editing[on]);

/** A rule of the old vocabulary, now a permission of the map. */
const named = (permission: Permission) => (viewer: Viewer) => allows(viewer, permission);

/**
 * `can(viewer, 'customer.create')`. Its members are the rules by their names from before roles were
 * permission sets, each now answered from the map; they go once the server names permissions.
 */
export const can = Object.assign(allows, {
  /** @deprecated can(viewer, 'organization.manage'): what the server's `{admin: true}` routes check. */
  manageOrganization: named('organization.manage'),
  /** @deprecated can(viewer, 'price.see') */
  seePrices: named('price.see'),
  /** @deprecated can(viewer, 'invoice.seeAll') */
  seeAllOrders: named('invoice.seeAll'),
  /** @deprecated can(viewer, 'invoice.seeAll') */
  filterByWorker: named('invoice.seeAll'),
  /** @deprecated can(viewer, 'invoice.edit') */
  editOrderLines: named('invoice.edit'),
  /** @deprecated can(viewer, 'equipment.manage') */
  registerEquipment: named('equipment.manage'),
  /** @deprecated can(viewer, 'tag.apply') */
  editTags: named('tag.apply'),
  /** @deprecated can(viewer, 'payment.record'), 'price.see' or 'invoice.send', for what it is about. */
  handlePayment: named('payment.record'),
  /**
   * @deprecated can(viewer, 'invoice.seeAll'): who oversees every order is the office, so their own
   * completions and comments are nobody's news.
   */
  actAsOffice: named('invoice.seeAll'),
  /** @deprecated can(viewer, 'notification.read') */
  readNotifications: named('notification.read'),
  /** @deprecated canUseCommentType */
  orderCommentType: canUseCommentType,
  /** @deprecated canRemoveAuthored */
  removeComment: (viewer: Viewer, authored: Authored) => canRemoveAuthored(viewer, authored),
  /** @deprecated canRemoveAuthored */
  removePicture: (viewer: Viewer, authored: Authored) => canRemoveAuthored(viewer, authored),
  /** @deprecated can(viewer, 'customer.personalData') */
  handlePersonalData: named('customer.personalData'),
});
