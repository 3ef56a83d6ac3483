import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-bootstrap';
import { brToIso, DATE_INVALID, DateInput, DateTimeInput, isoToBr, TIME_INVALID } from './date-input.tsx';
import { setOrgTimeZone } from '../lib/time-zone.ts';

/** A field as a form holds it, showing the value the form would send. */
function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <Form.Group controlId="when">
      <Form.Label>Data</Form.Label>
      <DateInput value={value} onChange={setValue} min="2026-01-01" max="2026-12-31" />
      <output data-testid="value">{value}</output>
    </Form.Group>
  );
}

describe('DateInput', () => {
  it("typing '05/03/2026' gives the form '2026-03-05', whatever the browser's language", async () => {
    render(<Field />);
    const input = screen.getByLabelText('Data');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await userEvent.type(input, '05032026');
    expect(input).toHaveValue('05/03/2026');
    expect(screen.getByTestId('value')).toHaveTextContent(/^2026-03-05$/);
  });

  it('shows a stored value as dd/mm/aaaa', () => {
    render(<Field initial="2026-11-24" />);
    expect(screen.getByLabelText('Data')).toHaveValue('24/11/2026');
  });

  it('refuses an impossible date with a message, and never hands it to the form as a date', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Data');
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(screen.getByText(DATE_INVALID)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('value')).not.toHaveTextContent(/^\d{4}-\d{2}-\d{2}$/);
    await userEvent.clear(input);
    await userEvent.type(input, '28/02/2026');
    expect(screen.queryByText(DATE_INVALID)).toBeNull();
    expect(screen.getByTestId('value')).toHaveTextContent('2026-02-28');
  });

  it('picks a day in the calendar with the keyboard', async () => {
    render(<Field initial="2026-03-05" />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir calendário' }));
    expect(await screen.findByRole('button', { name: '5 de março de 2026' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Data')).toHaveValue('13/03/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-03-13');
  });

  describe("the calendar's today is the organization's", () => {
    afterEach(() => {
      vi.useRealTimers();
      setOrgTimeZone(null);
    });
    it.each([
      ['America/Sao_Paulo', '2026-03-05', '5 de março de 2026'],
      ['Asia/Tokyo', '2026-03-06', '6 de março de 2026'],
    ])('at 2026-03-05 20:00 São Paulo time, an organization in %s opens on %s', async (zone, day, label) => {
      // Only the clock is fake, so the typing and clicking still wait for real.
      vi.useFakeTimers({ now: new Date('2026-03-05T23:00:00.000Z'), toFake: ['Date'] });
      setOrgTimeZone(zone);
      render(<Field />);
      await userEvent.click(screen.getByRole('button', { name: 'Abrir calendário' }));
      const today = await screen.findByRole('button', { name: label });
      expect(today).toHaveFocus();
      expect(today).toHaveAttribute('aria-current', 'date');
      expect(today).toHaveAttribute('data-date', day);
    });
  });

  it('converts both ways and knows the calendar', () => {
    expect(brToIso('29/02/2028')).toBe('2028-02-29');
    expect(brToIso('29/02/2027')).toBeNull();
    expect(brToIso('00/01/2026')).toBeNull();
    expect(brToIso('1/1/2026')).toBeNull();
    expect(isoToBr('2026-03-05')).toBe('05/03/2026');
  });
});

describe('DateTimeInput', () => {
  function Both() {
    const [value, setValue] = useState('');
    return (
      <Form.Group controlId="at">
        <Form.Label>Agendada para</Form.Label>
        <DateTimeInput id="at" value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </Form.Group>
    );
  }
  it("takes dd/mm/aaaa and HH:mm and gives 'YYYY-MM-DDTHH:mm'; refuses 25:00", async () => {
    render(<Both />);
    await userEvent.type(screen.getByLabelText('Agendada para'), '05032026');
    await userEvent.type(screen.getByLabelText('Hora'), '1430');
    expect(screen.getByLabelText('Hora')).toHaveValue('14:30');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-03-05T14:30');
    await userEvent.clear(screen.getByLabelText('Hora'));
    await userEvent.type(screen.getByLabelText('Hora'), '2500');
    await userEvent.tab();
    expect(screen.getByText(TIME_INVALID)).toBeInTheDocument();
  });
});
