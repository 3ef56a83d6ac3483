import { formatMoneyText, parseMoneyText } from '@ordem-certa/contracts';
import { ParsedNumberInput, type ParsedNumberInputProps } from './parsed-number-input.tsx';

/**
 * R$ input in pt-BR: '.' groups thousands and ',' is the decimal separator, typed or pasted
 * ('1.850,00' is one thousand eight hundred and fifty reais, never 1,85). A lone '.' followed by one
 * or two digits ('1850.50', pasted from a spreadsheet) is a decimal point; '1,850.50' could be read
 * two ways and is refused with a message under the field, never guessed. The value is in reais; an
 * empty field is null (not 0), so a required amount is asked for. Pass the form's message as `error`:
 * the field shows one message, its own reading's first.
 */
export function MoneyInput(props: ParsedNumberInputProps) {
  return (
    <ParsedNumberInput {...props} parse={parseMoneyText} format={formatMoneyText} prefix="R$" inputMode="decimal" />
  );
}
