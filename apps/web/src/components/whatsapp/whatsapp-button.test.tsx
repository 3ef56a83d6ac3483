import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { WhatsAppButton } from './whatsapp-button.tsx';

describe('WhatsAppButton', () => {
  it('a mobile: a link to wa.me in a new tab, with the message', () => {
    render(<WhatsAppButton phone="(21) 99887-7665" message="Olá Ana! Assine: https://x.test/s?token=a&b=1" />);
    const link = screen.getByRole('link', { name: 'Enviar pelo WhatsApp' });
    expect(link).toHaveAttribute(
      'href',
      'https://wa.me/5521998877665?text=Ol%C3%A1%20Ana!%20Assine%3A%20https%3A%2F%2Fx.test%2Fs%3Ftoken%3Da%26b%3D1',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTestId('whatsapp-unavailable')).not.toBeInTheDocument();
  });

  it.each([
    [null, 'O cliente não tem celular cadastrado'],
    ['(11) 3456-7890', 'Celular do cliente inválido'],
    ['abc', 'Celular do cliente inválido'],
  ])('%s: disabled, and says why beside it', (phone, reason) => {
    render(<WhatsAppButton phone={phone} message="Olá" />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Enviar pelo WhatsApp' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
    expect(screen.getByTestId('whatsapp-unavailable')).toHaveTextContent(reason);
  });

  it('while the message is not known yet: disabled, no reason', () => {
    render(<WhatsAppButton phone="11987654321" message={undefined} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar pelo WhatsApp' })).toBeDisabled();
    expect(screen.queryByTestId('whatsapp-unavailable')).not.toBeInTheDocument();
  });
});
