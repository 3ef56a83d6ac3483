import type { Db } from '@ordem-certa/db';

// Issuing an order's NFS-e from a feature other than the NFS-e's own (a maintenance contract's period):
// the NFS-e feature provides the issuer while its app runs, and the caller asks for it by database, so
// neither imports the other. Issuing reads outside services and runs its own transaction: it is called
// after the transaction that made the order has committed, never inside it.

/** Issues the NFS-e of a Completed order on behalf of the server; throws what the issuing refused. */
export type NfseIssuer = (organizationId: number, invoiceId: number) => Promise<void>;

const issuers = new WeakMap<Db, NfseIssuer>();

/** The NFS-e feature's issuer for orders of `db` (the latest app built on it); the function returned removes it. */
export function provideNfseIssuer(db: Db, issuer: NfseIssuer): () => void {
  issuers.set(db, issuer);
  return () => {
    if (issuers.get(db) === issuer) issuers.delete(db);
  };
}

/** The issuer, or undefined when no app with the NFS-e feature runs on `db`. */
export const nfseIssuer = (db: Db): NfseIssuer | undefined => issuers.get(db);
