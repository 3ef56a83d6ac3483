import { Form } from 'react-bootstrap';
import { estimateStatusLabels, estimateStatusList } from '@ordem-certa/contracts';
import { ChecksField, RecordFilterPopover } from '../record-list/filter-fields.tsx';
import type { Option } from '../searchable-select.tsx';

/** The estimate filter: customer (with its label, so the URL or a reload shows it), statuses, q. */
export interface EstimateListFilter {
  q: string;
  customer: Option | null;
  statuses: number[];
}

/** The badge: customer (1), each selected status, q (1). */
export const estimateFilterCount = (f: EstimateListFilter) =>
  (f.customer ? 1 : 0) + f.statuses.length + (f.q.trim() ? 1 : 0);

/** The estimate statuses, as the filter's checkboxes list them. */
export const estimateStatusOptions = estimateStatusList.map((s) => ({ id: s, label: estimateStatusLabels[s] }));

interface Props {
  idPrefix: string;
  value: EstimateListFilter;
  onApply(value: EstimateListFilter): void;
  onClear(): void;
  showCustomer: boolean;
}

export function EstimateFilterPopover({ idPrefix, value, onApply, onClear, showCustomer }: Props) {
  return (
    <RecordFilterPopover
      idPrefix={idPrefix}
      value={value}
      count={estimateFilterCount(value)}
      onApply={onApply}
      onClear={onClear}
      showCustomer={showCustomer}
    >
      {(draft, setDraft, id) => (
        <>
          <Form.Label as="div">Status</Form.Label>
          <ChecksField
            idPrefix={id('status')}
            options={estimateStatusOptions}
            value={draft.statuses}
            onChange={(statuses) => setDraft({ ...draft, statuses })}
          />
        </>
      )}
    </RecordFilterPopover>
  );
}
