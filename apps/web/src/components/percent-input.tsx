import { formatMoneyText, parseMoneyText } from '@ordem-certa/contracts';
import { ParsedNumberInput, type ParsedNumberInputProps } from './parsed-number-input.tsx';

/**
 * A rate in percent the pt-BR way, with two decimals at most: '0,65' is 0.65 %, as money is typed
 * (a pasted '0.65' is a decimal point too); an empty field is null.
 */
export function PercentInput(props: ParsedNumberInputProps) {
  return (
    <ParsedNumberInput {...props} parse={parseMoneyText} format={formatMoneyText} suffix="%" inputMode="decimal" />
  );
}
