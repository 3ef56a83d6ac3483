import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { cepDigits, lookupMessages, type AddressBody, type AddressInput, type CepLookup } from '@ordem-certa/contracts';
import { lookupFailure } from '../../lib/lookup-failure.ts';
import { cepQueryOptions } from './api/lookup-cep.ts';

/** The fields a CEP fills. */
const filled = ['address', 'neighborhood', 'city', 'state', 'ibgeCode'] as const;
type Filled = (typeof filled)[number];

export type CepFillState = { status: 'idle' | 'searching' | 'found' } | { status: 'failed'; message: string };

/**
 * The address form's CEP lookup: once the CEP has its 8 digits (and is not the one the address was
 * loaded with) the server is asked, and the answer fills street, neighbourhood, city, UF and the IBGE
 * code. Nothing waits on it: every field stays editable, and a field typed into after the lookup
 * started keeps what was typed. A CEP typed again while an answer is on its way makes that answer
 * moot. When the lookup fails, `state` carries the words to show beside the CEP, and the form is
 * filled by hand.
 */
export function useCepFill(form: UseFormReturn<AddressInput, unknown, AddressBody>, opts: { onFilled(): void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CepFillState>({ status: 'idle' });
  /** Each lookup's number: an answer counts only while its lookup is the latest. */
  const latest = useRef(0);
  /** The CEP last asked for (or loaded with the address): typing it again asks nothing. */
  const asked = useRef<string | null>(null);

  const restart = useCallback((loadedCep: string | null) => {
    latest.current++;
    asked.current = cepDigits(loadedCep);
    setState({ status: 'idle' });
  }, []);

  const typed = (text: string) => {
    const cep = cepDigits(text);
    if (!cep) {
      // An incomplete CEP: whatever was said about the previous one no longer holds.
      latest.current++;
      asked.current = null;
      setState({ status: 'idle' });
      return;
    }
    if (cep === asked.current) return;
    asked.current = cep;
    const mine = ++latest.current;
    const before = Object.fromEntries(filled.map((f) => [f, form.getValues(f) ?? ''])) as Record<Filled, unknown>;
    setState({ status: 'searching' });
    queryClient.fetchQuery(cepQueryOptions(cep)).then(
      (answer: CepLookup) => {
        if (mine !== latest.current) return;
        for (const field of filled) {
          const value = answer[field];
          // Typed into since the lookup started: the user's text stays. An empty answer (a town's
          // single CEP has no street) leaves the field as it is.
          if (!value || (form.getValues(field) ?? '') !== before[field]) continue;
          form.setValue(field, value, { shouldDirty: true, shouldValidate: form.getFieldState(field).isTouched });
        }
        setState({ status: 'found' });
        opts.onFilled();
      },
      (err: unknown) => {
        if (mine !== latest.current) return;
        // Asked again when typed again: the service may be back.
        asked.current = null;
        setState({ status: 'failed', message: lookupFailure(err, lookupMessages.cepUnavailable) });
      },
    );
  };

  return { state, typed, restart };
}
