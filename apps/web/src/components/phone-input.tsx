import type { ReactMaskOpts } from 'react-imask';
import type { FieldProps } from './field-props.ts';
import { MaskedInput } from './masked-input.tsx';

/**
 * A Brazilian number punctuates itself as it is typed: a landline '(11) 3456-7890' (10 digits) until an
 * eleventh digit makes it a mobile '(11) 98765-4321'. A number starting with + (another country's, or
 * +55 pasted) is taken as digits and spaces. Which one of these is a real number is the contract's
 * question (`optionalPhone`), asked on blur and again by the server.
 */
export const phoneMask: ReactMaskOpts = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }, { mask: /^\+[\d ]{0,20}$/ }],
};

interface PhoneInputProps extends FieldProps {
  /** The text as shown ('(11) 98765-4321'), which the form holds and the API parses. */
  value: string | null | undefined;
  onChange(value: string): void;
  'aria-describedby'?: string;
}

export function PhoneInput(props: PhoneInputProps) {
  return (
    <MaskedInput
      {...props}
      mask={phoneMask}
      unmask={false}
      type="tel"
      inputMode="tel"
      autoComplete="off"
      placeholder={props.placeholder ?? '(00) 00000-0000'}
    />
  );
}
