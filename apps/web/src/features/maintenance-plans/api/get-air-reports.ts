import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AirReport } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { airReportsKey } from './air-reports-key.ts';

/** GET maintenance-plans/{id}/air-reports: one per year, newest first. */
export const getAirReports = (orgPath: string, id: number) =>
  api.get<{ data: AirReport[] }>(`${orgPath}/maintenance-plans/${id}/air-reports`);

export const airReportsQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: airReportsKey(orgPath, id), queryFn: () => getAirReports(orgPath, id) });

export const useAirReports = (id: number) => useQuery(airReportsQueryOptions(useOrgPath(), id));
