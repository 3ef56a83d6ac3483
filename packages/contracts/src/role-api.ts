import { z } from 'zod';
import { listResponse, requiredString } from './common.ts';
import { isPermission, permissionGroups, permissionNames, permissions } from './permissions.ts';

export const roleMessages = {
  permissionUnknown: 'Permissão desconhecida',
  nameTaken: 'Já existe uma função com este nome',
  builtInFixed: 'As funções do sistema não podem ser alteradas nem removidas: crie uma função nova',
  inUse: 'A função está atribuída a usuários: escolha outra função para eles antes de removê-la',
  lastUserManager: 'A organização precisa de pelo menos um usuário ativo que possa gerenciar usuários',
  roleUnknown: 'Função não encontrada',
} as const;

/** POST/PUT organizations/{orgId}/roles: a custom role's name and permissions (names of the map). */
export const roleBody = z.object({
  name: requiredString(60),
  permissions: z
    .array(z.string().refine(isPermission, roleMessages.permissionUnknown))
    .max(permissionNames.length)
    .transform((names) => [...new Set(names)]),
});
export type RoleBody = z.input<typeof roleBody>;

export const roleResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The built-in role's key ('admin', 'frontDesk', 'finance', 'technician', 'accountant'); null: custom. */
  builtIn: z.string().nullable(),
  description: z.string(),
  /** Every permission the role holds, those every role holds included, in the map's order. */
  permissions: z.array(z.string()),
  /** How many users hold the role (active or not). */
  userCount: z.number().int(),
});
export type Role = z.infer<typeof roleResponse>;
export const roleListResponse = listResponse(roleResponse);

/** GET roles/{id}: the role and who holds it. */
export const roleDetail = roleResponse.extend({
  users: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
});
export type RoleDetail = z.infer<typeof roleDetail>;

/** GET organizations/{orgId}/permissions: the map as the role screen shows it, group by group. */
export const permissionListResponse = z.object({
  groups: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      permissions: z.array(
        z.object({ name: z.string(), label: z.string(), description: z.string(), everyone: z.boolean() }),
      ),
    }),
  ),
});
export type PermissionList = z.infer<typeof permissionListResponse>;

/** The map grouped, in the role screen's order. */
export function groupedPermissions(): PermissionList {
  return {
    groups: Object.entries(permissionGroups).map(([key, label]) => ({
      key,
      label,
      permissions: permissionNames
        .filter((name) => permissions[name].group === key)
        .map((name) => ({ name, ...permissions[name] }))
        .map(({ name, label: l, description, everyone }) => ({ name, label: l, description, everyone })),
    })),
  };
}
