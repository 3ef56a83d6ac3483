import { z } from 'zod';

/**
 * A record's version, in its detail: a number the database raises at every change of the row. A form
 * sends back the one it was loaded with.
 */
export const recordVersion = z.number().int().min(1);

/**
 * The version the form was loaded with, in a write's body. A write whose version is older than the
 * record's is refused (409) and changes nothing; a write without one (API clients, imports) is not
 * checked.
 */
export const loadedVersion = {
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(
      'A versão do registro lida antes da alteração (o campo version do detalhe). Se o registro mudou desde então, a resposta é 409 com o que mudou; sem ela, a escrita não é verificada.',
    ),
};
