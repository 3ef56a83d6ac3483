import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { toast } from 'react-toastify';
import { addressMessages, formatAddress, lookupMessages, type CnpjLookupAddress } from '@ordem-certa/contracts';
import { toastApiError } from '../../lib/api-client.ts';
import { useAddresses } from '../addresses/api/get-addresses.ts';
import { saveAddress, useSaveAddress } from '../addresses/api/save-address.ts';
import type { CnpjFillState } from './use-cnpj-fill.ts';

interface CnpjFillButtonProps {
  /** A valid CNPJ is typed (or stored). */
  enabled: boolean;
  state: CnpjFillState;
  onClick(): void;
}

/** The button under the CNPJ and what its lookup said (filled, nothing to fill, not found, unavailable). */
export function CnpjFillButton({ enabled, state, onClick }: CnpjFillButtonProps) {
  const searching = state.status === 'searching';
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
      <Button size="sm" variant="outline-primary" disabled={!enabled || searching} onClick={onClick}>
        {searching && <Spinner size="sm" className="me-1" aria-hidden />}
        {lookupMessages.cnpjFill}
      </Button>
      <span role="status" aria-live="polite" className="small">
        {state.status === 'done' && <span className="text-body-secondary">{state.message}</span>}
        {state.status === 'failed' && <span className="text-warning-emphasis">{state.message}</span>}
      </span>
    </div>
  );
}

const addressText = (a: CnpjLookupAddress) => formatAddress(a);

/** A new company or customer: the CNPJ's address, added once the record is saved unless unticked. */
export function CnpjAddressOnSave(props: { address: CnpjLookupAddress; checked: boolean; onChange(v: boolean): void }) {
  return (
    <Alert variant="light" className="border mt-3 mb-0">
      <div className="small text-body-secondary">{lookupMessages.cnpjAddressFound}</div>
      <div className="mb-2">{addressText(props.address)}</div>
      <Form.Check
        id="cnpj-address-on-save"
        label={lookupMessages.cnpjAddressOnSave}
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
    </Alert>
  );
}

/**
 * A saved company or customer without any address: the CNPJ's address, added with one click. One
 * that already has addresses is not offered another (the office keeps the ones it chose).
 */
export function CnpjAddressOffer({ ownerPath, address }: { ownerPath: string; address: CnpjLookupAddress }) {
  const addresses = useAddresses(ownerPath, { skip: 0, take: 1 });
  const save = useSaveAddress(ownerPath);
  if (addresses.data?.meta.total !== 0) return null;
  return (
    <Alert variant="light" className="border mt-3 mb-0">
      <div className="small text-body-secondary">{lookupMessages.cnpjAddressFound}</div>
      <div className="mb-2">{addressText(address)}</div>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={save.isPending}
        onClick={() =>
          save.mutateAsync({ addressId: null, body: address }).then(
            () => toast.success(addressMessages.saved),
            (err: unknown) => toastApiError(err, lookupMessages.cnpjAddressAddFailed),
          )
        }
      >
        {save.isPending && <Spinner size="sm" className="me-1" aria-hidden />}
        {lookupMessages.cnpjAddressAdd}
      </Button>
    </Alert>
  );
}

/**
 * Once a new company or customer is saved: the CNPJ's address the user kept ticked. The record stands
 * whatever happens here; a failure says so, and the address can be added under 'Endereços'.
 */
export async function addAddressAfterSave(ownerPath: string, address: CnpjLookupAddress | null) {
  if (!address) return;
  try {
    await saveAddress(ownerPath, null, address);
  } catch {
    toast.warning(lookupMessages.cnpjAddressNotAdded);
  }
}
