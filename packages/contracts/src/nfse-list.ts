import { z } from 'zod';
import { listMeta, optionalEmail } from './common.ts';
import { DEFAULT_TAKE, MAX_TAKE } from './limits.ts';
import { nfseEnvironments, nfseMessages, nfseStatuses } from './nfse-labels.ts';
import { nfseWithholdings } from './nfse.ts';

// The organization's NFS-e as a list ('Notas fiscais'), the accountant who gets the month's files, and
// what a customer or an order withholds.

const month = z.string({ error: nfseMessages.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, nfseMessages.month);

/** GET nfse: every NFS-e of the organization, filtered; the CSV takes the same filters. */
export const nfseListQuery = z.object({
  status: z.enum(nfseStatuses, { error: nfseMessages.listStatus }).optional(),
  /** YYYY-MM of its issue (of its sending, while not issued) in the organization's time zone. */
  month: month.optional(),
  /** Name, CPF/CNPJ or e-mail of the customer, contained. */
  customer: z.string().trim().max(200).optional(),
  /** The NFS-e's number, or the order's. */
  number: z
    .string()
    .trim()
    .max(20)
    .refine((v) => /^\d*$/.test(v), nfseMessages.listNumber)
    .optional(),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(MAX_TAKE).default(DEFAULT_TAKE),
});
export type NfseListQuery = z.input<typeof nfseListQuery>;
export type NfseListParams = z.infer<typeof nfseListQuery>;

export const nfseListRow = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.number().int(),
  number: z.string().nullable(),
  accessKey: z.string().nullable(),
  status: z.enum(nfseStatuses),
  environment: z.enum(nfseEnvironments),
  /** When it was issued (while not issued: when it was asked for). */
  at: z.string(),
  customerName: z.string(),
  companyName: z.string(),
  service: z.number(),
  iss: z.number().nullable(),
  issWithheld: z.boolean(),
  withheld: z.number(),
  net: z.number(),
  /** The number of the NFS-e it replaced, if it is a substitute. */
  replacesNumber: z.string().nullable(),
});
export type NfseListRow = z.infer<typeof nfseListRow>;

/** The totals count the NFS-e issued (standing) among those the filters match. */
export const nfseListResponse = z.object({
  data: z.array(nfseListRow),
  meta: listMeta.extend({
    totals: z.object({
      issued: z.number().int(),
      service: z.number(),
      iss: z.number(),
      withheld: z.number(),
      net: z.number(),
    }),
  }),
});
export type NfseListResponse = z.infer<typeof nfseListResponse>;

/** PUT nfse/accountant: who gets the month's XML by e-mail, and on which day of the next month. */
export const nfseAccountantBody = z
  .object({
    email: optionalEmail,
    day: z
      .number({ error: nfseMessages.accountantDay })
      .int(nfseMessages.accountantDay)
      .min(1, nfseMessages.accountantDay)
      .max(28, nfseMessages.accountantDay)
      .default(5),
  })
  .strict();
export type NfseAccountantBody = z.infer<typeof nfseAccountantBody>;
export type NfseAccountantInput = z.input<typeof nfseAccountantBody>;

export const nfseAccountantResponse = z.object({
  email: z.string().nullable(),
  day: z.number().int(),
  /** The last month sent (YYYY-MM), when and how it went. */
  last: z
    .object({
      month: z.string(),
      status: z.enum(['queued', 'sent', 'written', 'failed']),
      at: z.string(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type NfseAccountant = z.infer<typeof nfseAccountantResponse>;

/** PUT customers/{id}/nfse-withholdings and invoices/{id}/nfse/withholdings; null: none (the customer's, on an order). */
export const nfseWithholdingsBody = z.object({ withholdings: nfseWithholdings.nullable() });
export type NfseWithholdingsBody = z.infer<typeof nfseWithholdingsBody>;
export type NfseWithholdingsBodyInput = z.input<typeof nfseWithholdingsBody>;

const withholdingsValue = z.object({
  iss: z.boolean(),
  pis: z.number().nullable(),
  cofins: z.number().nullable(),
  csll: z.number().nullable(),
  irrf: z.number().nullable(),
  cp: z.number().nullable(),
});

/** A customer's default withholdings. */
export const customerWithholdingsResponse = z.object({ withholdings: withholdingsValue.nullable() });
export type CustomerWithholdings = z.infer<typeof customerWithholdingsResponse>;

/**
 * An order's withholdings: its own (null: the customer's), the customer's, which applies, and what
 * they come to on the order's value (the ISS part at the rate known now; the NFS-e's own once issued).
 */
export const orderWithholdingsResponse = z.object({
  order: withholdingsValue.nullable(),
  customer: withholdingsValue.nullable(),
  effective: withholdingsValue.nullable(),
  amounts: z.object({
    total: z.number(),
    issRate: z.number().nullable(),
    iss: z.number(),
    federal: z.number(),
    withheld: z.number(),
    net: z.number(),
    /** 'nfse': the amounts the order's NFS-e declared; 'estimate': computed from the rates. */
    source: z.enum(['nfse', 'estimate']),
  }),
  /**
   * What the order's NFS-e covers: the services alone or with the materials (the products), and its
   * value less the discount (the issued note's, else as it would be issued now).
   */
  covers: z.object({
    materials: z.boolean(),
    amount: z.number(),
    /** The products' share left out of the note (0 when they are in it or the order has none). */
    materialsLeftOut: z.number(),
  }),
});
export type OrderWithholdings = z.infer<typeof orderWithholdingsResponse>;
