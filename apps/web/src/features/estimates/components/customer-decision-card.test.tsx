import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { CustomerDecision } from '@ordem-certa/contracts';
import { renderAsUser } from '../../../test/fake-api.tsx';
import { CustomerDecisionCard } from './customer-decision-card.tsx';

const hash = '0123456789abcdef'.repeat(4);
const drawing = 'data:image/png;base64,iVBORw0KGgo=';
const answer = (over: Partial<CustomerDecision> = {}): CustomerDecision => ({
  decision: 'approved',
  name: 'Maria Souza',
  reason: null,
  // 13:00 UTC is 10:00 in São Paulo.
  decidedAt: '2026-11-25T13:00:00.000Z',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
  contentHash: hash,
  signature: drawing,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerDecisionCard', () => {
  it('an approval: who, when, from where, which version, and the signature', () => {
    renderAsUser(<CustomerDecisionCard decision={answer()} />);
    const card = screen.getByRole('region', { name: 'Resposta do cliente' });
    expect(screen.getByTestId('decision-result')).toHaveTextContent('Aprovado pelo cliente');
    expect(card).toHaveTextContent('NomeMaria Souza');
    expect(card).toHaveTextContent('Data25/11/2026 10:00');
    expect(card).toHaveTextContent('IP203.0.113.7');
    expect(card).toHaveTextContent('NavegadorMozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)');
    expect(screen.getByTestId('decision-hash')).toHaveTextContent('0123456789ab…');
    expect(screen.getByTestId('decision-hash')).toHaveAttribute('title', hash);
    expect(screen.getByRole('img', { name: 'Assinatura de Maria Souza' })).toHaveAttribute('src', drawing);
    expect(card).not.toHaveTextContent('Motivo');
  });

  it('a refusal: the reason, no signature, and what was not given said so', () => {
    renderAsUser(
      <CustomerDecisionCard
        decision={answer({
          decision: 'declined',
          name: null,
          reason: 'Vou fazer depois',
          signature: null,
          userAgent: null,
        })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Resposta do cliente' });
    expect(screen.getByTestId('decision-result')).toHaveTextContent('Recusado pelo cliente');
    expect(card).toHaveTextContent('NomeNão informado');
    expect(card).toHaveTextContent('MotivoVou fazer depois');
    expect(card).toHaveTextContent('NavegadorNão informado');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
