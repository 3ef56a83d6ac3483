import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { cnpjForLookup, lookupMessages, type CnpjLookup, type CnpjLookupAddress } from '@ordem-certa/contracts';
import { lookupFailure } from '../../lib/lookup-failure.ts';
import { cnpjQueryOptions } from './api/lookup-cnpj.ts';

/** The party fields a CNPJ fills, from the lookup's answer. */
const fields = ['name', 'alias', 'email', 'phone'] as const;
type PartyFields = { [K in (typeof fields)[number]]?: string | null };

export interface CnpjFillOptions {
  /** Where the party's fields are in the form ('company.' for a form that nests them). */
  prefix?: string;
  /** The lookup to ask (default the signed-in user's). */
  query?: typeof cnpjQueryOptions;
}

export type CnpjFillState = { status: 'idle' | 'searching' } | { status: 'done' | 'failed'; message: string };

/**
 * 'Preencher pelo CNPJ': asks the server for the CNPJ's data and fills razão social, nome fantasia,
 * e-mail and phone — only the fields that are empty when the answer arrives, so nothing stored or
 * typed (also while waiting) is replaced. The establishment's address is kept for the form to offer.
 */
export function useCnpjFill<T extends FieldValues & PartyFields>(
  form: UseFormReturn<T, unknown, unknown>,
  opts: CnpjFillOptions = {},
) {
  const query = opts.query ?? cnpjQueryOptions;
  const prefix = opts.prefix ?? '';
  const queryClient = useQueryClient();
  const [state, setState] = useState<CnpjFillState>({ status: 'idle' });
  const [address, setAddress] = useState<CnpjLookupAddress | null>(null);
  const latest = useRef(0);

  const fill = (identifier: string) => {
    const cnpj = cnpjForLookup(identifier);
    if (!cnpj) return;
    const mine = ++latest.current;
    setState({ status: 'searching' });
    queryClient.fetchQuery(query(cnpj)).then(
      (answer: CnpjLookup) => {
        if (mine !== latest.current) return;
        let changed = 0;
        for (const field of fields) {
          const name = `${prefix}${field}` as Path<T>;
          const value = answer[field];
          if (!value || String(form.getValues(name) ?? '').trim()) continue;
          form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: true });
          changed++;
        }
        setAddress(answer.address);
        setState({ status: 'done', message: changed ? lookupMessages.cnpjFilled : lookupMessages.cnpjNothingToFill });
      },
      (err: unknown) => {
        if (mine !== latest.current) return;
        setAddress(null);
        setState({ status: 'failed', message: lookupFailure(err, lookupMessages.cnpjUnavailable) });
      },
    );
  };

  /** Another identifier typed: the previous answer no longer applies. */
  const forget = () => {
    latest.current++;
    setAddress(null);
    setState({ status: 'idle' });
  };

  return { state, address, fill, forget };
}
