// The limits every contract shares, without zod: a screen that only shows records (the technician's
// order) uses them without loading the validation library that common.ts configures.

/** The largest value of a PostgreSQL integer column: every id and counter. */
export const INT4_MAX = 2_147_483_647;

/**
 * The years a business record's date can have: a typo such as 0001 or 9999 is refused on its field
 * rather than stored (a reminder set to year 0001 would fire at once).
 */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** Rows a list page holds unless asked otherwise, and at most. */
export const DEFAULT_TAKE = 25;
export const MAX_TAKE = 100;

/** The largest amount of money accepted anywhere (10 digits of cents); money columns are bigint cents. */
export const MONEY_MAX = 99_999_999.99;
export const MONEY_MAX_CENTS = 9_999_999_999;

/**
 * A drawn signature is a PNG data URL of at most this many characters (a full-width pad on a high-DPI
 * phone stays well below).
 */
export const SIGNATURE_MAX_CHARS = 1_500_000;
export const signatureMessages = { invalid: 'Assinatura inválida' } as const;
