import { InvoiceState, type InvoiceDetail, type InvoiceListRow } from '@ordem-certa/contracts';

/** The company, customer and nature of the fixture orders, as a list row and a detail both carry them. */
export const orderHead = {
  companyId: 1,
  companyName: 'Demo Refrigeração Ltda',
  companyIdentifier: '11222333000181',
  companyType: 1,
  customerId: 3,
  customerName: 'Maria Souza',
  customerIdentifier: '52998224725',
  customerType: 2,
  transactionNatureName: 'Prestação de serviço',
} satisfies Partial<InvoiceListRow & InvoiceDetail>;

/** An order as GET invoices/{id} answers an admin; override what a test is about. */
export function invoiceFixture(over: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    id: 7,
    number: 1042,
    estimateId: null,
    estimateNumber: null,
    maintenancePlanId: null,
    version: 1,
    ...orderHead,
    transactionNatureId: 1,
    statusId: 12,
    statusLabel: 'Não Iniciado',
    statusState: InvoiceState.Todo,
    isPaid: false,
    isSigned: false,
    createdAt: '2026-11-20T13:00:00.000Z',
    updatedAt: '2026-11-20T13:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    customerPhone: '(11) 98765-4321',
    customerPhoneE164: '+5511987654321',
    customerEmail: 'maria@example.com.br',
    reportedProblem: 'Split da sala não gela e pinga água',
    scheduledAt: '2026-11-25T12:30:00.000Z',
    address: {
      id: 5,
      address: 'Rua das Flores',
      number: 120,
      complement: 'Apto 31',
      neighborhood: 'Centro',
      city: 'São Paulo',
      state: 'SP',
      postalCode: '01310100',
      ibgeCode: '3550308',
    },
    paymentDate: null,
    paymentDescription: null,
    subTotal: 350,
    discount: 0,
    total: 350,
    invoiceInfo1: null,
    invoiceInfo2: null,
    isPayingJustTheHalf: false,
    payrollBonus: 0,
    invoiceServices: [],
    invoiceProducts: [],
    invoiceEquipments: [],
    invoiceWorkers: [],
    invoiceTags: [],
    signature: null,
    signUrl: '/invoices/7/sign?token=abc',
    ...over,
  };
}

/** The customer's signature of an order, taken before its last change when `isOutdated`. */
export const signatureFixture = (isOutdated: boolean): NonNullable<InvoiceDetail['signature']> => ({
  id: 1,
  width: 300,
  height: 120,
  signerName: 'Maria',
  signedAt: '2026-11-20T15:00:00Z',
  ip: '1.2.3.4',
  userAgent: null,
  isOutdated,
});
