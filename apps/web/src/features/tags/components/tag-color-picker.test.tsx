import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TAG_COLOR } from '@ordem-certa/contracts';
import { TagColorPicker } from './tag-color-picker.tsx';

function Harness() {
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);
  return (
    <>
      <TagColorPicker name="color" value={color} onChange={setColor} />
      <output>{color}</output>
    </>
  );
}

describe('TagColorPicker', () => {
  it("offers the ten presets and 'Sem cor' (checked by default); picking one gives its hex without #", async () => {
    render(<Harness />);
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    expect(screen.getByRole('radio', { name: 'Sem cor' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Vermelho' }));
    expect(screen.getByRole('status')).toHaveTextContent('eb5a46');
    expect(screen.getByRole('radio', { name: 'Vermelho' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sem cor' })).not.toBeChecked();
  });
});
