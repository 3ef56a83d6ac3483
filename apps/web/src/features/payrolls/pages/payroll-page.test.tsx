import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { payrollMessages, type PayrollDetail, type PayrollLine } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { PayrollPage } from './payroll-page.tsx';

const base = '/api/organizations/1/payrolls/5';
afterEach(() => vi.unstubAllGlobals());

const line = (id: number, workerName: string, invoiceNumber: number): PayrollLine => ({
  id,
  invoiceId: 100 + invoiceNumber,
  invoiceNumber,
  invoiceStartedAt: '2026-11-02T13:00:00Z',
  invoiceFinishedAt: '2026-11-03T19:00:00Z',
  transactionNature: 'Prestação de serviço',
  workerId: id,
  workerName,
  value: 50,
  explanation: ['Valor fixo por OS: R$ 50,00'],
  paidAt: null,
});
const lines = [line(1, 'Ana', 10), line(2, 'Bia', 11), line(3, 'Caio', 12)];
const detail: PayrollDetail = {
  id: 5,
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-20T12:00:00Z',
  companyId: 1,
  companyType: 1,
  companyIdentifier: '12345678000195',
  companyName: 'Oficina Ltda',
  companyAlias: null,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  canRemove: true,
  lines: 3,
  paidLines: 0,
  total: 150,
  paidTotal: 0,
  workers: lines.map((l) => ({ id: l.workerId, name: l.workerName })),
};

function renderPage(pay: (lineId: number) => unknown) {
  const calls = fakeApi({
    [`GET ${base}`]: () => detail,
    [`GET ${base}/workers`]: () => ({ data: lines, meta: { total: 3, skip: 0, take: 25 } }),
    ...Object.fromEntries(lines.map((l) => [`POST ${base}/workers/${l.id}/pay`, () => pay(l.id)])),
  });
  renderAsUser(
    <Routes>
      <Route path="/payrolls/:id" element={<PayrollPage />} />
    </Routes>,
    'admin',
    '/payrolls/5',
  );
  return calls;
}

async function payAllSelected() {
  // The lines first: while they load, the page shows the list's loading table in their place.
  await screen.findByRole('checkbox', { name: 'Selecionar Ana (OS 10)' }, { timeout: 5000 });
  await userEvent.click(
    await screen.findByRole('checkbox', { name: 'Selecionar todas as linhas não pagas da página' }),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Pagar selecionados (3)' }));
  const ask = await screen.findByRole('dialog');
  expect(within(ask).getByText('Deseja continuar?')).toBeInTheDocument();
  await userEvent.click(within(ask).getByRole('button', { name: 'Pagar' }));
}

describe('PayrollPage lines', () => {
  it('shows how each line was computed, one step a line; a line from before pay rules shows a dash', async () => {
    lines[1] = { ...lines[1]!, explanation: ['10% de R$ 450,00 em serviços = R$ 45,00', 'Bônus da OS: R$ 5,00'] };
    lines[2] = { ...lines[2]!, explanation: [] };
    try {
      renderPage(() => ({}));
      const bia = (await screen.findByRole('button', { name: 'Bia' }, { timeout: 5000 })).closest('tr')!;
      const steps = within(bia)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(steps).toEqual(['10% de R$ 450,00 em serviços = R$ 45,00', 'Bônus da OS: R$ 5,00']);
      expect(
        within(screen.getByRole('button', { name: 'Ana' }).closest('tr')!).getByText('Valor fixo por OS: R$ 50,00'),
      ).toBeInTheDocument();
      expect(within(screen.getByRole('button', { name: 'Caio' }).closest('tr')!).getByText('—')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'Cálculo' })).toBeInTheDocument();
    } finally {
      lines[1] = line(2, 'Bia', 11);
      lines[2] = line(3, 'Caio', 12);
    }
  });
});

describe('PayrollPage bulk payment', () => {
  it('pays the selected lines one after another up to 100%', async () => {
    const calls = renderPage((id) => ({ ...lines[id - 1], paidAt: '2026-11-23T12:00:00Z' }));
    await payAllSelected();
    expect(await screen.findByText(payrollMessages.paid)).toBeInTheDocument();
    const bar = within(screen.getByTestId('pay-progress')).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveTextContent('100%');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([1, 2, 3].map((id) => `${base}/workers/${id}/pay`));
  }, 30_000);

  it('stops at a failure, names the line and leaves the rest unpaid', async () => {
    const calls = renderPage((id) =>
      id === 2 ? { status: 409, body: { errors: ['Este pagamento já foi registrado'] } } : { ...lines[id - 1] },
    );
    await payAllSelected();
    // The page keeps the message (the toast says it too).
    await screen.findByText(/^Não foi possível pagar Bia/, { selector: '.alert-danger' });
    const alert = document.querySelector('.alert-danger');
    expect(alert).toHaveTextContent(
      'Não foi possível pagar Bia (OS 11): Este pagamento já foi registrado. O pagamento parou nessa linha; 1 linha anterior continua paga.',
    );
    await waitFor(() => expect(screen.queryByTestId('pay-progress')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(posts).toEqual([`${base}/workers/1/pay`, `${base}/workers/2/pay`]);
    expect(screen.queryByText(payrollMessages.paid)).not.toBeInTheDocument();
  }, 30_000);
});
