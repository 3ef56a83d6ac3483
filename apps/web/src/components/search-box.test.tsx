import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './search-box.tsx';

function Harness({ onSearch }: { onSearch(q: string): void }) {
  const [q, setQ] = useState('');
  return (
    <>
      <SearchBox
        value={q}
        onChange={(next) => {
          setQ(next);
          onSearch(next);
        }}
      />
      <button type="button" onClick={() => setQ('')}>
        reset
      </button>
      <output>{q}</output>
    </>
  );
}

describe('SearchBox', () => {
  it("shows 'Digite para pesquisar' and applies the text once the user stops typing", async () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByPlaceholderText('Digite para pesquisar');
    await userEvent.type(box, 'limpeza');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('limpeza'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('Enter applies at once; the clear button empties the box and the search', async () => {
    const onSearch = vi.fn();
    render(<Harness onSearch={onSearch} />);
    const box = screen.getByPlaceholderText('Digite para pesquisar');
    await userEvent.type(box, 'gás{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('gás');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: 'Limpar pesquisa' })).toBeNull();
  });

  it('a reset from outside shows in the box', async () => {
    render(<Harness onSearch={() => {}} />);
    const box = screen.getByPlaceholderText('Digite para pesquisar');
    await userEvent.type(box, 'split{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('split');
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box).toHaveValue('');
  });
});
