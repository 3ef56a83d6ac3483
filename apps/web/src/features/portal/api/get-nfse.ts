import type { PortalNfse } from '@ordem-certa/contracts';
import { portalList } from './portal-list.ts';

/** GET /api/portal/nfse: the NFS-e with a DANFSe. */
export const nfseQuery = () => portalList<PortalNfse>('nfse', '/portal/nfse');
