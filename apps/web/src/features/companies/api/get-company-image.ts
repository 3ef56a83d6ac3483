import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';

export type CompanyImagePath = 'logo' | 'signature-image';

/** The image as a Blob, or null when none was uploaded yet (404). */
export const getCompanyImage = async (orgPath: string, id: number, image: CompanyImagePath) => {
  try {
    return await api.getBlob(`${orgPath}/companies/${id}/${image}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
};

export const companyImageQueryKey = (orgPath: string, id: number, image: CompanyImagePath) =>
  ['companies', orgPath, 'detail', id, image] as const;

export const companyImageQueryOptions = (orgPath: string, id: number, image: CompanyImagePath) =>
  queryOptions({
    queryKey: companyImageQueryKey(orgPath, id, image),
    queryFn: () => getCompanyImage(orgPath, id, image),
  });

export const useCompanyImage = (id: number, image: CompanyImagePath) =>
  useQuery(companyImageQueryOptions(useOrgPath(), id, image));
