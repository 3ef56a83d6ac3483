import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoicePicture } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';
import { useOrgPath } from '../../../lib/auth.tsx';
import { invoiceKey } from './invoice-keys.ts';

/** GET invoices/{id}/attachments/pictures: thumbnails inline (data URLs), full size behind `url`. */
export const getPictures = (orgPath: string, id: number) =>
  api.get<{ data: InvoicePicture[] }>(`${orgPath}/invoices/${id}/attachments/pictures`);

export const picturesQueryOptions = (orgPath: string, id: number) =>
  queryOptions({ queryKey: [...invoiceKey(orgPath, id), 'pictures'], queryFn: () => getPictures(orgPath, id) });

export const usePictures = (id: number) => useQuery(picturesQueryOptions(useOrgPath(), id));
