import { useQuery } from '@tanstack/react-query';
import type { ListResult } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

type Named = { id: number; name: string };

/** The organization's companies and natures of operation, for the new record's head (first 100 of each). */
export const useRecordParties = () => {
  const orgPath = useOrgPath();
  return useQuery({
    queryKey: ['service-requests', 'parties', orgPath],
    queryFn: async () => {
      const [companies, natures] = [
        await api.get<ListResult<Named>>(`${orgPath}/companies`, { take: 100 }),
        await api.get<ListResult<Named>>(`${orgPath}/transaction-natures`, { take: 100 }),
      ];
      return { companies: companies.data, natures: natures.data };
    },
  });
};

/** Customers by name, for a public request's customer. */
export const searchCustomers = (orgPath: string, q: string) =>
  api.get<ListResult<Named>>(`${orgPath}/customers`, { q: q || undefined, take: 20 });
