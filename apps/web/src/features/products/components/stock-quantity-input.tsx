import { isFractionalUnit, parseStockText, QUANTITY_DECIMALS, unitLabel } from '@ordem-certa/contracts';
import { ParsedNumberInput, type ParsedNumberInputProps } from '../../../components/parsed-number-input.tsx';

const plain = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: QUANTITY_DECIMALS, useGrouping: false });
const format = (v: number | null | undefined) =>
  v === null || v === undefined || Number.isNaN(v) ? '' : plain.format(v);

/**
 * A stock figure in the product's unit, the pt-BR way: '1,5' only for fractional units; '-2' where
 * `allow.negative` (a movement that takes out), 0 where `allow.zero` (an opening count, a minimum).
 */
export function StockQuantityInput({
  unit,
  allow,
  ...props
}: ParsedNumberInputProps & { unit: string; allow: { zero: boolean; negative: boolean } }) {
  return (
    <ParsedNumberInput
      {...props}
      parse={(text) => parseStockText(text, unit, allow)}
      format={format}
      suffix={unitLabel(unit)}
      inputMode={isFractionalUnit(unit) && !allow.negative ? 'decimal' : 'text'}
      ruleKey={unit}
    />
  );
}
