import type { ListResult, Municipality } from '@ordem-certa/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET municipalities: IBGE's list searched by name (accents aside), of one UF when given. */
export const getMunicipalities = (query: { q?: string; state?: string; take?: number }) =>
  api.get<ListResult<Municipality>>('/municipalities', query);
