import type { ReactMaskOpts } from 'react-imask';
import { CNPJ_MASK, CPF_MASK } from '@ordem-certa/contracts';

/** CNPJ: 12 letters or digits, then 2 check digits; letters typed in upper case. */
export const cnpjMask: ReactMaskOpts = {
  mask: CNPJ_MASK,
  definitions: { A: /[0-9A-Za-z]/ },
  prepareChar: (c: string) => c.toUpperCase(),
};
export const cpfMask: ReactMaskOpts = { mask: CPF_MASK };

/** What an empty CPF or CNPJ field shows. */
export const identifierPlaceholder = (legal: boolean) => (legal ? '00.000.000/0000-00' : CPF_MASK);
