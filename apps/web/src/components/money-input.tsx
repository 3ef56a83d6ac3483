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

/** R$ input: pt-BR separators, 2 decimals, at most 10 digits of cents (spec §9). Value in reais. */
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
        mapToRadix={['.']}
        normalizeZeros={false}
        padFractionalZeros
        min={0}
        max={99_999_999.99}
        unmask="typed"
        value={value === null || value === undefined ? '' : String(value)}
        onAccept={(v: unknown) => onChange(v === '' || v === null || v === undefined ? null : Number(v))}
      />
    </div>
  );
}
