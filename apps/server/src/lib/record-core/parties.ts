import { schema } from '@oficina/db';

const co = schema.companies;
const cu = schema.customers;
const tn = schema.transactionNatures;

/** The parties of a record as lists and details show them: the company, the customer and the nature. */
export const partyColumns = {
  companyId: co.id,
  companyName: co.name,
  companyIdentifier: co.identifier,
  companyType: co.type,
  customerId: cu.id,
  customerName: cu.name,
  customerIdentifier: cu.identifier,
  customerType: cu.type,
  transactionNatureName: tn.name,
};
