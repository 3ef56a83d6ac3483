import type { ListResult, Worker } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import type { Option } from '../../searchable-select.tsx';

/** Active collaborators matching q (GET admin/organizations/{orgId}/users/workers, admin) as options. */
export const searchWorkers = async (organizationId: number, q: string): Promise<Option[]> => {
  const res = await api.get<ListResult<Worker>>(`/admin/organizations/${organizationId}/users/workers`, {
    q,
    take: 20,
  });
  return res.data.map((w) => ({ value: w.id, label: w.name, hint: w.email }));
};
