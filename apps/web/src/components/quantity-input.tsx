import {
  isFractionalUnit,
  lazyNumberFormat,
  parseQuantityText,
  QUANTITY_DECIMALS,
  unitLabel,
} from '@ordem-certa/contracts';
import { ParsedNumberInput, type ParsedNumberInputProps } from './parsed-number-input.tsx';

// No thousands mark: '1.000' would read as ambiguous on a kg line.
const plain = lazyNumberFormat({ maximumFractionDigits: QUANTITY_DECIMALS, useGrouping: false });
const format = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '' : plain().format(v);

/**
 * A line's quantity, the pt-BR way: '1,5' on a line whose unit is fractional (kg, m, l…: up to 3
 * decimals, from 0,001), whole numbers from 1 otherwise (services and units), where '1,5' is refused
 * with a message, never turned into 15. `unit`: the product's; none for a service.
 */
export function QuantityInput({ unit, ...props }: ParsedNumberInputProps & { unit?: string | null }) {
  return (
    <ParsedNumberInput
      {...props}
      parse={(text) => parseQuantityText(text, unit)}
      format={format}
      suffix={unit ? unitLabel(unit) : undefined}
      inputMode={isFractionalUnit(unit) ? 'decimal' : 'numeric'}
      ruleKey={unit ?? ''}
    />
  );
}
