import type { PortalSessionResponse } from '@ordem-certa/contracts';
import { portalApi, setPortalSession } from './portal-client.ts';

/** POST /api/public/portal/sessions: the link's token for a session kept by this browser. */
export async function openSession(token: string) {
  const session = await portalApi.post<PortalSessionResponse>('/public/portal/sessions', { token });
  setPortalSession(session.token);
  return session;
}
