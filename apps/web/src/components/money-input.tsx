import { IMaskInput } from 'react-imask';

interface MoneyInputProps {
  value: number | null | undefined;
  onChange(value: number | null): void;
  onBlur?(): void;
  id?: string;
  name?: string;
  isInvalid?: boolean;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * R$ input in pt-BR: '.' groups thousands and ',' is the decimal separator, whether typed, pasted or
 * edited ('1.850,00' is one thousand eight hundred and fifty reais, never 1,85). A typed '.' is only a
 * group mark, so it is skipped; the mask puts the marks back itself. 2 decimals, at most 10 digits of
 * cents. The value is in reais; an empty field is null (not 0), so a required amount is asked for.
 */
export function MoneyInput({ value, onChange, isInvalid, ...rest }: MoneyInputProps) {
  return (
    <div className="input-group has-validation">
      <span className="input-group-text">R$</span>
      <IMaskInput
        {...rest}
        className={`form-control${isInvalid ? ' is-invalid' : ''}`}
        inputMode="decimal"
        mask={Number}
        scale={2}
        thousandsSeparator="."
        radix=","
        mapToRadix={[]}
        normalizeZeros={false}
        padFractionalZeros
        min={0}
        max={99_999_999.99}
        unmask="typed"
        value={value === null || value === undefined ? '' : String(value)}
        onAccept={(_: unknown, mask) => onChange(mask.unmaskedValue === '' ? null : Number(mask.unmaskedValue))}
      />
    </div>
  );
}
