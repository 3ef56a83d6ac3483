import { clearPortalSession, portalApi } from './portal-client.ts';

/** DELETE /api/portal/session ('Sair'): the session ends on the server, then here. */
export async function signOut() {
  try {
    await portalApi.delete('/portal/session');
  } finally {
    clearPortalSession();
  }
}
