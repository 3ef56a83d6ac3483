import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { EquipmentPicker } from './equipment-picker.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Counted by selector: role queries over hundreds of nodes are slow in a test DOM. */
const ticks = (group: HTMLElement) => group.querySelectorAll('input[type="checkbox"]').length;

const units = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Split ${String(i + 1).padStart(3, '0')}`,
  brand: 'LG',
  model: 'Dual',
  serialNumber: `SN${i + 1}`,
  description: null,
}));

/** The customer's equipment endpoint over 45 units: q filters by name, skip/take page. */
function serve() {
  return fakeApi({
    'GET /api/organizations/1/customers/5/equipments': (_b, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const take = Number(url.searchParams.get('take') ?? 20);
      const found = units.filter((u) => u.name.toLowerCase().includes(q));
      return { data: found.slice(skip, skip + take), meta: { total: found.length, skip, take } };
    },
  });
}

function Harness({ initial = [] as number[] }) {
  const [value, setValue] = useState<number[]>(initial);
  return (
    <>
      <span id="eq-label">Equipamentos</span>
      <EquipmentPicker customerId={5} value={value} onChange={setValue} labelledBy="eq-label" pageSize={30} />
      <output aria-label="escolhidos">{value.join(',')}</output>
    </>
  );
}

describe('EquipmentPicker', () => {
  it('a building with more units than a page: the first page, then the rest on "Carregar mais"', async () => {
    serve();
    renderAsUser(<Harness />);
    const group = await screen.findByRole('group', { name: 'Equipamentos' });
    await waitFor(() => expect(ticks(group)).toBe(30), { timeout: 5000 });
    expect(within(group).getByText('0 selecionados de 45')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Carregar mais (15 restantes)' }));
    await waitFor(() => expect(ticks(group)).toBe(45), { timeout: 5000 });
    expect(within(group).queryByRole('button', { name: /Carregar mais/ })).not.toBeInTheDocument();
  });

  it('a search narrows the list; what was ticked stays ticked, and "Marcar os listados" adds the found ones', async () => {
    const calls = serve();
    renderAsUser(<Harness initial={[45]} />);
    const group = await screen.findByRole('group', { name: 'Equipamentos' });
    await userEvent.type(within(group).getByRole('searchbox', { name: 'Pesquisar equipamentos' }), 'Split 01');
    await waitFor(() => expect(ticks(group)).toBe(10), { timeout: 5000 });
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('Split 01');
    await userEvent.click(within(group).getByRole('button', { name: 'Marcar os listados' }));
    expect(screen.getByLabelText('escolhidos')).toHaveTextContent('45,10,11,12,13,14,15,16,17,18,19');
    expect(within(group).getByText('11 selecionados · 10 encontrados')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('button', { name: 'Desmarcar os listados' }));
    expect(screen.getByLabelText('escolhidos')).toHaveTextContent(/^45$/);
  });

  it('a customer without equipment says where to register it', async () => {
    fakeApi({
      'GET /api/organizations/1/customers/5/equipments': () => ({ data: [], meta: { total: 0, skip: 0, take: 100 } }),
    });
    renderAsUser(<Harness />);
    expect(
      await screen.findByText('Este cliente não tem equipamentos cadastrados (Clientes → Equipamentos).'),
    ).toBeInTheDocument();
  });
});
