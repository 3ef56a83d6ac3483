import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileMessages, serviceRequestMessages } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { PublicRequestPage } from './public-request-page.tsx';

const brand = { organizationId: 7, companyName: 'Polar Ltda', logo: null, brandColor: null };
afterEach(() => vi.unstubAllGlobals());

/** The FormData the page sent to `path` (the fake records JSON bodies only). */
function formSentTo(path: string) {
  const calls = vi.mocked(fetch).mock.calls as unknown as Array<[string, RequestInit]>;
  const found = calls.filter(([url]) => new URL(url, 'http://localhost').pathname === path);
  return found.map(([, init]) => init.body as FormData);
}

async function fillIn() {
  await userEvent.type(await screen.findByLabelText('Seu nome'), 'Joana Nova');
  await userEvent.type(screen.getByLabelText('E-mail'), 'joana@teste.com.br');
  await userEvent.type(screen.getByLabelText('O que está acontecendo?'), 'Mancha de água na parede');
}

describe('PublicRequestPage', () => {
  it('sends the photos with the request in one multipart request; a refused photo is told on the field', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { errors: { attachment: [fileMessages.notAnImage] } },
    };
    const calls = fakeApi({
      'GET /api/public/portal/7': () => brand,
      'GET /api/public/portal/7/service-request-form': () => ({ formToken: 'tok-1' }),
      'POST /api/public/portal/7/service-requests/with-photos': () => answer,
    });
    renderAsUser(<PublicRequestPage />, 'admin', '/portal/solicitar?org=7');
    await fillIn();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'parede.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Fotos (opcional, até 5)'), photo);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(fileMessages.notAnImage)).toBeInTheDocument();
    expect(screen.getByLabelText('Fotos (opcional, até 5)')).toHaveClass('is-invalid');

    answer = { status: 202, body: { message: serviceRequestMessages.created } };
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serviceRequestMessages.created);
    const sent = formSentTo('/api/public/portal/7/service-requests/with-photos');
    expect(sent).toHaveLength(2);
    const last = sent[1]!;
    expect(JSON.parse(last.get('request') as string)).toMatchObject({
      name: 'Joana Nova',
      email: 'joana@teste.com.br',
      problem: 'Mancha de água na parede',
      formToken: 'tok-1',
    });
    expect((last.getAll('attachment') as File[]).map((f) => f.name)).toEqual(['parede.jpg']);
    expect(calls.some((c) => c.path === '/api/public/portal/7/service-requests')).toBe(false);
  });

  it('without photos sends the JSON request', async () => {
    const calls = fakeApi({
      'GET /api/public/portal/7': () => brand,
      'GET /api/public/portal/7/service-request-form': () => ({ formToken: 'tok-2' }),
      'POST /api/public/portal/7/service-requests': () => ({
        status: 202,
        body: { message: serviceRequestMessages.created },
      }),
    });
    renderAsUser(<PublicRequestPage />, 'admin', '/portal/solicitar?org=7');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('status')).toHaveTextContent(serviceRequestMessages.created);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/public/portal/7/service-requests');
    expect(post.body).toMatchObject({ email: 'joana@teste.com.br', formToken: 'tok-2' });
  });
});
