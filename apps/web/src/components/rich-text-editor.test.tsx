import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cleanHtml, RichTextEditor } from './rich-text-editor.tsx';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor label="Mensagem" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('cleanHtml', () => {
  it('keeps formatting and drops scripts, event handlers and javascript: links', () => {
    const html = cleanHtml(
      '<p><b>oi</b><script>alert(1)</script><img src="x" onerror="alert(2)"><a href=" javascript:alert(3)">x</a><a href="https://a.com">y</a></p>',
    );
    expect(html).toBe('<p><b>oi</b><img src="x"><a>x</a><a href="https://a.com">y</a></p>');
  });
});

describe('RichTextEditor', () => {
  it('shows the value in the editing area and toggles an HTML source mode', async () => {
    render(<Harness initial="<p><b>Olá</b></p>" />);
    const area = screen.getByRole('textbox', { name: 'Mensagem' });
    expect(area.innerHTML).toBe('<p><b>Olá</b></p>');
    await userEvent.click(screen.getByRole('button', { name: 'HTML' }));
    const source = screen.getByLabelText('Mensagem (HTML)');
    expect(source).toHaveValue('<p><b>Olá</b></p>');
    expect(screen.getByRole('button', { name: 'Negrito' })).toBeDisabled();
    fireEvent.change(source, { target: { value: '<p><i>novo</i></p><script>alert(1)</script>' } });
    await userEvent.click(screen.getByRole('button', { name: 'HTML' }));
    // Back in the visual mode, only what may render is kept, and that is the value.
    expect(screen.getByRole('textbox', { name: 'Mensagem' }).innerHTML).toBe('<p><i>novo</i></p>');
    expect(screen.getByTestId('value')).toHaveTextContent('<p><i>novo</i></p>');
  });

  it('typing in the editing area updates the value', () => {
    render(<Harness initial="" />);
    const area = screen.getByRole('textbox', { name: 'Mensagem' });
    area.innerHTML = '<p>digitado</p>';
    fireEvent.input(area);
    expect(screen.getByTestId('value')).toHaveTextContent('<p>digitado</p>');
  });
});
