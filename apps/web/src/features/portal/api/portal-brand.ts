import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortalBrand } from '@ordem-certa/contracts';
import { portalApi } from './portal-client.ts';

/** GET /api/public/portal/{organizationId}: the company the public page is painted as. */
export const getPortalBrand = (organizationId: number) =>
  portalApi.get<PortalBrand>(`/public/portal/${organizationId}`);

export const portalBrandQuery = (organizationId: number) =>
  queryOptions({ queryKey: ['portal-brand', organizationId], queryFn: () => getPortalBrand(organizationId) });

export const usePortalBrand = (organizationId: number) =>
  useQuery({ ...portalBrandQuery(organizationId), enabled: Number.isInteger(organizationId) && organizationId > 0 });
