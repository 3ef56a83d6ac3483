import { userMessages } from '@ordem-certa/contracts';
import { invalid, isUniqueViolation } from '../../lib/errors.ts';

/**
 * Runs a write that sets a user's e-mail. E-mails are unique across organizations (login is by
 * e-mail); one in use is refused with the same words whichever organization has it, so the answer
 * never tells an admin that an address has an account in another organization.
 */
export async function uniqueEmail<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw invalid({ email: userMessages.emailUnavailable });
    throw err;
  }
}
