import type { ReactNode } from 'react';
import { Tab, Tabs } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { formatIdentifier, type Party, type UpdatePartyBody } from '@ordem-certa/contracts';
import type { DraftKey } from '../lib/use-form-draft.ts';
import { PageHeader } from './page-header.tsx';
import { PartyForm } from './party-form.tsx';

interface PartyTabsProps {
  party: Party;
  /** The tabs this screen shows, by their key in the address (?tab=); 'dados' is the first. */
  tabs: readonly string[];
  /** Where 'Cancelar' of the Dados form goes. */
  cancelTo: string;
  draftKey?: DraftKey;
  /** `/organizations/1/companies/5`: where the Dados form adds the CNPJ's address when there is none. */
  ownerPath: string;
  onSave(values: UpdatePartyBody): Promise<unknown>;
  /** Buttons beside the title (a customer's LGPD actions). */
  actions?: ReactNode;
  /** The tabs after Dados. */
  children: ReactNode;
}

/**
 * A company's or a customer's screen: the name and CPF/CNPJ as its title, and tabs named in the
 * address (an unknown one opens Dados), each loaded the first time it opens and then kept.
 */
export function PartyTabs({ party, tabs, cancelTo, draftKey, ownerPath, onSave, actions, children }: PartyTabsProps) {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab') ?? '';
  const tab = tabs.includes(requested) ? requested : 'dados';
  return (
    <>
      <PageHeader
        title={
          <>
            {party.name}
            <small className="d-block fs-6 text-body-secondary fw-normal mt-1">
              {formatIdentifier(party.identifier, party.type)}
            </small>
          </>
        }
        actions={actions}
      />
      <Tabs
        activeKey={tab}
        onSelect={(k) => setSearch(k && k !== 'dados' ? { tab: k } : {}, { replace: true })}
        className="mb-3"
        mountOnEnter
      >
        <Tab eventKey="dados" title="Dados">
          <div className="card-list p-3">
            <PartyForm
              mode="update"
              party={party}
              cancelTo={cancelTo}
              draftKey={draftKey}
              ownerPath={ownerPath}
              onSubmit={(values) => onSave(values)}
            />
          </div>
        </Tab>
        {children}
      </Tabs>
    </>
  );
}
