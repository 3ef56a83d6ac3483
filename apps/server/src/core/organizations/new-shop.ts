import { toCents, type CreatePartyBody } from '@ordem-certa/contracts';
import { hashPassword, insertOrganizationWithAdmin, schema, type Db, type Tx } from '@ordem-certa/db';
import { isUniqueViolation } from '../../lib/errors.ts';
import { queueEmailVerification } from '../access/email-verification.ts';

/**
 * A new shop: the organization, its owner (an admin), its order statuses and the registers an estimate
 * needs on its first day — a nature of operation and an example service — and, when given, its first
 * company. The sign-up route and the command line make shops through this one function. Units need no
 * row: they are the fixed list every product and line picks from.
 */
export interface NewShop {
  name: string;
  owner: { name: string; email: string; password: string };
  company?: CreatePartyBody;
  /**
   * false (sign-up): the owner's e-mail still has to be confirmed, and the e-mail with the link is
   * queued in the same transaction; true (command line): the operator vouches for it.
   */
  verified: boolean;
}

/** The nature and the service a new organization starts with; the office edits or removes them later. */
export const defaultNature = { name: 'Prestação de serviço', description: 'Serviço cobrado do cliente' };
export const exampleService = { name: 'Visita técnica (exemplo)', price: 120 };

/** Inserts the default nature and example service of `organizationId` in `tx`. */
export async function insertDefaultRegisters(tx: Db | Tx, organizationId: number) {
  await tx.insert(schema.transactionNatures).values({ organizationId, ...defaultNature });
  await tx
    .insert(schema.services)
    .values({ organizationId, name: exampleService.name, priceCents: toCents(exampleService.price) });
}

/** An address that already has an account, said as the user forms say it (nothing about where). */
export class EmailTaken extends Error {}

export async function createShop(db: Db, shop: NewShop) {
  const passwordHash = await hashPassword(shop.owner.password);
  try {
    return await db.transaction(async (tx) => {
      const { organization, admin } = await insertOrganizationWithAdmin(tx, {
        name: shop.name,
        admin: { name: shop.owner.name, email: shop.owner.email, passwordHash },
        verified: shop.verified,
      });
      await insertDefaultRegisters(tx, organization.id);
      let companyId: number | null = null;
      if (shop.company) {
        const c = shop.company;
        const [company] = await tx
          .insert(schema.companies)
          .values({
            organizationId: organization.id,
            type: c.type,
            identifier: c.identifier,
            name: c.name,
            alias: c.alias,
            email: c.email,
            phone: c.phone,
            phoneE164: c.phoneE164,
          })
          .returning({ id: schema.companies.id });
        companyId = company!.id;
      }
      const mailId = shop.verified
        ? null
        : await queueEmailVerification(tx, { organizationId: organization.id, userId: admin.id });
      return { organization, admin, companyId, mailId };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw new EmailTaken();
    throw err;
  }
}
