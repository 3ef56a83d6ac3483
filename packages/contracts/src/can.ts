// The one question both sides ask: may this viewer do this? The server asks it to refuse (and to leave
// prices and costs out of its answers); the web app asks it only to hide what would be refused. The
// viewer carries its role's permissions, resolved once (roles.ts), so a role made of any permissions
// of the map (permissions.ts) answers here without a change at any call site.
import type { Permission } from './permissions.ts';

/** Who is asking: their user id and the permissions of their role. */
export interface PermittedViewer {
  userId: number;
  permissions: ReadonlySet<Permission>;
}

export type Viewer = PermittedViewer;

/** Something a user wrote or uploaded (a comment, a photo). */
export interface Authored {
  userId: number | null;
}

/** Whether the viewer's role holds the permission. */
export function can(viewer: Viewer, permission: Permission): boolean {
  return viewer.permissions.has(permission);
}

/** Order comment types only `invoice.internalComments` reads or writes: Internal (3) and System (4). */
export const internalCommentTypes: readonly number[] = [3, 4];

/** Read or write order comments of this type. */
export const canUseCommentType = (viewer: Viewer, type: number) =>
  can(viewer, 'invoice.internalComments') || !internalCommentTypes.includes(type);

/** The permission that also lets one remove what others wrote or took on a record of each kind. */
const editing = { invoice: 'invoice.edit', estimate: 'estimate.edit' } as const satisfies Record<string, Permission>;

/** Remove a comment or a photo: whoever wrote or took it, or who may edit the record it is on. */
export const canRemoveAuthored = (viewer: Viewer, authored: Authored, on: keyof typeof editing = 'invoice') =>
  (authored.userId !== null && authored.userId === viewer.userId) || can(viewer, editing[on]);
