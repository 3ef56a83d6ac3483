import { stateOfIbgeCode } from '@ordem-certa/contracts';
import { SearchableSelect, type Option } from '../searchable-select.tsx';
import { getMunicipalities } from './api/get-municipalities.ts';

interface MunicipalitySelectProps {
  id: string;
  /** The city as the address has it (typed before codes existed, it may have none). */
  city: string;
  ibgeCode: string;
  /** The address's UF: only its municipalities are offered; none chosen, all of them with their UF. */
  state: string;
  isInvalid?: boolean;
  /**
   * A municipality picked (its name, code and UF); a name typed and left without picking (kept as
   * typed, without a code: the server gives it the code when the UF has a municipality of that name);
   * or null when cleared.
   */
  onChange(picked: { city: string; ibgeCode: string; state: string } | null): void;
  onBlur?(): void;
}

/** The address form's 'Cidade': a search of IBGE's list, so the address carries the municipality's code. */
export function MunicipalitySelect(props: MunicipalitySelectProps) {
  const value: Option | null = props.city ? { value: Number(props.ibgeCode) || 0, label: props.city } : null;
  return (
    <SearchableSelect
      id={props.id}
      queryKey={['municipalities', props.state]}
      inline
      placeholder="Digite para buscar a cidade"
      isInvalid={props.isInvalid}
      value={value}
      onBlur={props.onBlur}
      loadOptions={async (q) =>
        (await getMunicipalities({ q, state: props.state || undefined, take: 20 })).data.map((m) => ({
          value: Number(m.ibgeCode),
          label: m.name,
          hint: props.state ? undefined : m.state,
        }))
      }
      onTypedLeave={(text) => props.onChange({ city: text, ibgeCode: '', state: props.state })}
      onChange={(option) => {
        if (!option) return props.onChange(null);
        const ibgeCode = String(option.value);
        props.onChange({ city: option.label, ibgeCode, state: stateOfIbgeCode(ibgeCode) ?? props.state });
      }}
    />
  );
}
