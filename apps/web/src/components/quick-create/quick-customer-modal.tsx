import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { customerMessages, formatIdentifier, type CreatePartyBody, type Party } from '@ordem-certa/contracts';
import { api } from '../../lib/api-client.ts';
import { useOrgPath } from '../../lib/auth.tsx';
import { AppModal } from '../app-modal.tsx';
import { PartyForm } from '../party-form.tsx';
import { addAddressAfterSave } from '../cnpj-lookup/cnpj-fill.tsx';
import type { Option } from '../searchable-select.tsx';

/**
 * 'Cadastrar cliente' from a customer picker: the customer form in a modal; the new customer is
 * picked on save and the form under the modal keeps everything else it had.
 */
export function QuickCustomerModal({
  show,
  onHide,
  onCreated,
}: {
  show: boolean;
  onHide(): void;
  onCreated(option: Option): void;
}) {
  const orgPath = useOrgPath();
  const queryClient = useQueryClient();
  return (
    <AppModal show={show} onHide={onHide} title="Novo cliente" size="lg">
      {show && (
        <PartyForm
          mode="create"
          cancelTo="/customers"
          onCancel={onHide}
          onSubmit={async (values: CreatePartyBody, saved) => {
            const customer = await api.post<Party>(`${orgPath}/customers`, values);
            await addAddressAfterSave(`${orgPath}/customers/${customer.id}`, saved.address);
            toast.success(customerMessages.created);
            // The lists and pickers that show customers read them again.
            void queryClient.invalidateQueries({ queryKey: ['customers'] });
            onCreated({
              value: customer.id,
              label: customer.name,
              hint: formatIdentifier(customer.identifier, customer.type),
            });
          }}
        />
      )}
    </AppModal>
  );
}
