import { resetPassword, type Db } from '@ordem-certa/db';
import { createShop, EmailTaken } from './core/organizations/new-shop.ts';
import { CommandRefused, type MaintenanceCommand } from './lib/maintenance.ts';

/**
 * The CLI's commands that write to the database, run by the CLI on a database it opened or, while
 * a server holds the embedded database, by that server for it (lib/maintenance.ts): the same code
 * and the same words either way. The CLI has checked the arguments.
 */
export function cliCommands(db: Db): Record<string, MaintenanceCommand> {
  return {
    'create-organization': async (a) => {
      // The operator vouches for the admin's e-mail: the organization sends to customers at once.
      const { organization, admin } = await createShop(db, {
        name: a.name!,
        owner: { name: a.adminName!, email: a.email!, password: a.password! },
        verified: true,
      }).catch((err: unknown) => {
        if (err instanceof EmailTaken) throw new CommandRefused(`Já existe um usuário com o e-mail ${a.email}.`);
        throw err;
      });
      return `Organização ${organization.id} "${organization.name}" criada; admin ${admin.email} (id ${admin.id}).`;
    },
    'reset-password': async (a) => {
      if (!(await resetPassword(db, a.email!, a.password!)))
        throw new CommandRefused(`Usuário ${a.email} não encontrado.`);
      return `Senha de ${a.email} alterada.`;
    },
  };
}
