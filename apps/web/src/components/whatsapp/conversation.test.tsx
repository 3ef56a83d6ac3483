import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerMessage, CustomerMessages, WhatsAppConsent } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../test/fake-api.tsx';
import { Conversation } from './conversation.tsx';
import { ConsentSwitch } from './consent-switch.tsx';

afterEach(() => vi.unstubAllGlobals());

const message = (m: Partial<CustomerMessage>): CustomerMessage => ({
  id: 1,
  direction: 'out',
  channel: 'whatsapp',
  kind: 'template',
  event: 'visitScheduled',
  body: 'Olá, Maria! Sua visita está agendada.',
  status: 'read',
  errorCode: null,
  errorReason: null,
  invoiceId: 7,
  invoiceNumber: 321,
  author: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  ...m,
});
const list = (data: CustomerMessage[], window: CustomerMessages['window']): CustomerMessages => ({
  data,
  meta: { total: data.length, skip: 0, take: 20 },
  window,
});
const path = '/api/organizations/1/customers/5/messages';

describe('Conversation', () => {
  it('outside the 24 hours shows why and offers no answer box', async () => {
    const closed = { open: false, until: null, reason: 'O cliente não escreveu nas últimas 24 horas.' };
    fakeApi({
      [`GET ${path}`]: () =>
        list(
          [
            message({ id: 2, channel: 'email', kind: 'text', status: 'sent', body: 'Por e-mail' }),
            message({ id: 1, status: 'failed', errorCode: 131026, errorReason: 'O número não usa WhatsApp.' }),
          ],
          closed,
        ),
    });
    renderAsUser(<Conversation of={{ customerId: 5 }} canReply />);
    expect(await screen.findByText('O cliente não escreveu nas últimas 24 horas.')).toBeInTheDocument();
    expect(screen.getByText('O número não usa WhatsApp. (código 131026)')).toBeInTheDocument();
    expect(screen.getByText('E-mail enviado')).toBeInTheDocument();
    expect(screen.getAllByText('OS 321', { selector: '.badge' })).toHaveLength(2);
    expect(screen.queryByRole('textbox')).toBeNull();
    // Oldest first on screen.
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Sua visita');
    expect(items[1]).toContain('Por e-mail');
  });

  it('within them sends the answer, with the order it is about, and shows the server refusal', async () => {
    const open = { open: true, until: '2026-12-02T12:00:00.000Z', reason: null };
    const calls = fakeApi({
      [`GET /api/organizations/1/invoices/7/messages`]: () =>
        list([message({ direction: 'in', kind: 'text', status: 'received', body: 'Pode ser às 15h?' })], open),
      [`POST ${path}`]: (body) =>
        (body as { text: string }).text === 'recusar'
          ? { status: 422, body: { errors: { text: ['Fora da janela'] } } }
          : { status: 201, body: message({ id: 9, kind: 'text', body: 'Sim', status: 'queued' }) },
    });
    renderAsUser(<Conversation of={{ customerId: 5, invoiceId: 7 }} canReply />);
    const box = await screen.findByLabelText(/Responder pelo WhatsApp/);
    await userEvent.type(box, 'Sim');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ text: 'Sim', invoiceId: 7 });
    await userEvent.type(box, 'recusar');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Fora da janela')).toBeInTheDocument();
  });
});

describe('ConsentSwitch', () => {
  it('shows who agreed, when and how, and records a withdrawal', async () => {
    const agreed: WhatsAppConsent = {
      current: {
        optIn: true,
        source: 'form',
        phone: '+5511987654321',
        at: '2026-12-01T12:00:00.000Z',
        recordedBy: 'Ana',
      },
      history: [],
    };
    agreed.history = [agreed.current!];
    const calls = fakeApi({
      'GET /api/organizations/1/customers/5/whatsapp-consent': () => agreed,
      'PUT /api/organizations/1/customers/5/whatsapp-consent': (body) => ({
        current: { ...agreed.current!, optIn: (body as { optIn: boolean }).optIn, recordedBy: 'Ana' },
        history: [agreed.current!],
      }),
    });
    renderAsUser(<ConsentSwitch customerId={5} canEdit />);
    const toggle = await screen.findByLabelText('Autoriza mensagens automáticas pelo WhatsApp');
    expect(toggle).toBeChecked();
    expect(
      screen.getByText(/Autorizou desde .* No cadastro ou em formulário \(registrado por Ana\) · \(11\) 98765-4321/),
    ).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ optIn: false, source: 'form' }));
    expect(await screen.findByText(/Não quer receber desde/)).toBeInTheDocument();
  });
});
