import { IMaskInput, type ReactMaskOpts } from 'react-imask';
import type { FieldProps } from './field-props.ts';

interface MaskedInputProps extends FieldProps {
  /** IMask options: a pattern, a list of patterns (dynamic), definitions... */
  mask: ReactMaskOpts;
  /** The unmasked value (what the form holds and the API receives); the masked text with `unmask={false}`. */
  value: string | null | undefined;
  /** false: the form holds the text as shown, punctuation included (default true: the raw value). */
  unmask?: boolean;
  onChange(value: string): void;
  inputMode?: 'numeric' | 'text' | 'tel';
  type?: string;
  autoComplete?: string;
  'aria-describedby'?: string;
}

/** A Bootstrap input with a mask: the user sees the punctuation, the form keeps the raw value. */
export function MaskedInput({ mask, value, onChange, isInvalid, unmask = true, ...rest }: MaskedInputProps) {
  return (
    <IMaskInput
      {...(mask as object)}
      {...rest}
      className={`form-control${isInvalid ? ' is-invalid' : ''}`}
      unmask={unmask}
      value={value ?? ''}
      onAccept={(v: unknown) => onChange(String(v ?? ''))}
    />
  );
}
