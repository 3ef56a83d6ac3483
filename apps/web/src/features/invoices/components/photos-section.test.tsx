import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileMessages, paperworkMessages, type InvoicePicture } from '@ordem-certa/contracts';
import { fakeApi, renderAsUser } from '../../../test/fake-api.tsx';
import { PhotosSection } from './photos-section.tsx';

const base = '/api/organizations/1/invoices/7';
const pictures = `${base}/attachments/pictures`;
afterEach(() => vi.unstubAllGlobals());

function picture(id: number, name: string, userId: number | null): InvoicePicture {
  return {
    id,
    name,
    thumbnail: `data:image/png;base64,${id}`,
    url: `/organizations/1/invoices/7/attachments/pictures/${id}`,
    width: 800,
    height: 600,
    size: 1000,
    createdAt: '2026-11-20T13:00:00.000Z',
    userId,
    userName: userId === 1 ? 'Ana' : 'Teo',
  };
}

/** The errors under the field (toasts are alerts too, outside the section). */
const fieldAlert = () => within(screen.getByRole('region', { name: /^Fotos/ })).getByRole('alert');
const findFieldAlert = () => within(screen.getByRole('region', { name: /^Fotos/ })).findByRole('alert');

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

/** The multipart bodies the component posted, in order. */
function postedForms(): FormData[] {
  return (fetch as unknown as Mock).mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => (init as RequestInit).body as FormData);
}

describe('PhotosSection', () => {
  it('lists the thumbnails from attachments/pictures', async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [picture(1, 'frente.jpg', 1), picture(2, 'placa.png', 2)] }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    expect(screen.getByRole('status', { name: 'Carregando fotos' })).toBeInTheDocument();
    const thumb = await screen.findByRole('img', { name: 'frente.jpg' });
    expect(thumb).toHaveAttribute('src', 'data:image/png;base64,1');
    expect(screen.getByRole('img', { name: 'placa.png' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fotos (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Nenhuma foto')).not.toBeInTheDocument();
  });

  it("without photos shows 'Nenhuma foto'", async () => {
    fakeApi({ [`GET ${pictures}`]: () => ({ data: [] }) });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    expect(await screen.findByText('Nenhuma foto')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fotos' })).toBeInTheDocument();
  });

  it("uploads each chosen file in its own request (field 'attachment') and toasts 'N fotos salvas com sucesso'", async () => {
    let list = [picture(1, 'frente.jpg', 1)];
    const calls = fakeApi({
      [`GET ${pictures}`]: () => ({ data: list }),
      [`POST ${pictures}`]: () => {
        list = [...list, picture(list.length + 1, `nova-${list.length + 1}.png`, 1)];
        return { data: list };
      },
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByRole('img', { name: 'frente.jpg' });
    const files = [png('a.png'), new File(['jpg'], 'b.jpg', { type: 'image/jpeg' })];
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), files);
    expect(await screen.findByText(paperworkMessages.photosSaved(2))).toBeInTheDocument();
    expect(paperworkMessages.photosSaved(2)).toBe('2 fotos salvas com sucesso');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([pictures, pictures]);
    const forms = postedForms();
    expect(forms.every((f) => f instanceof FormData)).toBe(true);
    expect(forms.map((f) => (f.get('attachment') as File).name)).toEqual(['a.png', 'b.jpg']);
    expect(forms.map((f) => f.getAll('attachment').length)).toEqual([1, 1]);
    // The list is refreshed after the upload.
    expect(await screen.findByRole('img', { name: 'nova-3.png' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fotos (3)' })).toBeInTheDocument();
  });

  it("one photo: 'Foto salva com sucesso'", async () => {
    const calls = fakeApi({
      [`GET ${pictures}`]: () => ({ data: [] }),
      [`POST ${pictures}`]: () => ({ data: [picture(1, 'a.png', 1)] }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), png('a.png'));
    expect(await screen.findByText('Foto salva com sucesso')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('refuses a file that is not PNG or JPEG without sending it, and still sends the good ones', async () => {
    const calls = fakeApi({
      [`GET ${pictures}`]: () => ({ data: [] }),
      [`POST ${pictures}`]: () => ({ data: [picture(1, 'ok.png', 1)] }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    const input = screen.getByLabelText('Arquivos de fotos');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    await userEvent.upload(input, new File(['gif'], 'anim.gif', { type: 'image/gif' }), { applyAccept: false });
    const alert = await findFieldAlert();
    expect(alert).toHaveTextContent(`anim.gif: ${fileMessages.notAnImage}`);
    expect(input).toHaveAccessibleDescription(`anim.gif: ${fileMessages.notAnImage}`);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.upload(input, [new File(['pdf'], 'nota.pdf', { type: 'application/pdf' }), png('ok.png')], {
      applyAccept: false,
    });
    expect(await screen.findByText('Foto salva com sucesso')).toBeInTheDocument();
    expect(fieldAlert()).toHaveTextContent(`nota.pdf: ${fileMessages.notAnImage}`);
    expect(fieldAlert()).not.toHaveTextContent('anim.gif');
    expect(postedForms().map((f) => (f.get('attachment') as File).name)).toEqual(['ok.png']);
  });

  it('a file over the size limit is refused locally', async () => {
    const calls = fakeApi({ [`GET ${pictures}`]: () => ({ data: [] }) });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    const big = png('grande.png');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), big);
    expect(await findFieldAlert()).toHaveTextContent(`grande.png: ${fileMessages.tooLarge}`);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("a 422 shows 'file name: message' under the field; the other photos still go up", async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [] }),
      [`POST ${pictures}`]: () => ({ data: [] }),
    });
    let n = 0;
    const inner = fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (init.method === 'POST' && n++ === 0) {
          return new Response(JSON.stringify({ errors: { attachment: [fileMessages.notAnImage] } }), { status: 422 });
        }
        return inner(input, init);
      }),
    );
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), [png('falsa.png'), png('boa.png')]);
    expect(await screen.findByText('Foto salva com sucesso')).toBeInTheDocument();
    const alert = fieldAlert();
    expect(alert).toHaveTextContent(`falsa.png: ${fileMessages.notAnImage}`);
    expect(alert).not.toHaveTextContent('boa.png');
  });

  it('a 422 on the only photo shows no success toast', async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [] }),
      [`POST ${pictures}`]: () => ({
        status: 422,
        body: { errors: { attachment: [paperworkMessages.tooManyPhotos] } },
      }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), png('a.png'));
    expect(await findFieldAlert()).toHaveTextContent(`a.png: ${paperworkMessages.tooManyPhotos}`);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Adicionar fotos' })).toHaveTextContent('+ Adicionar'),
    );
    expect(screen.queryByText(/salvas? com sucesso/)).not.toBeInTheDocument();
  });

  it("'+ Adicionar' during an upload says 'Aguarde o upload da foto'", async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [] }),
      [`POST ${pictures}`]: () => ({ data: [picture(1, 'a.png', 1)] }),
    });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const inner = fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (init.method === 'POST') await gate;
        return inner(input, init);
      }),
    );
    renderAsUser(<PhotosSection invoiceId={7} editable />);
    await screen.findByText('Nenhuma foto');
    const add = screen.getByRole('button', { name: 'Adicionar fotos' });
    expect(add).toHaveTextContent('+ Adicionar');
    await userEvent.upload(screen.getByLabelText('Arquivos de fotos'), png('a.png'));
    expect(await screen.findByText('Enviando foto 1 de 1…')).toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByText(paperworkMessages.waitUpload)).toBeInTheDocument();
    release();
    expect(await screen.findByText('Foto salva com sucesso')).toBeInTheDocument();
    expect(screen.queryByText('Enviando foto 1 de 1…')).not.toBeInTheDocument();
  });

  it('a collaborator may remove only the photos they sent', async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [picture(1, 'da-ana.jpg', 1), picture(2, 'do-teo.jpg', 2)] }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />, 'worker');
    await screen.findByRole('img', { name: 'do-teo.jpg' });
    expect(screen.getByRole('button', { name: 'Remover foto do-teo.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remover foto da-ana.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar fotos' })).toBeInTheDocument();
  });

  it('an admin may remove every photo', async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [picture(1, 'da-ana.jpg', 1), picture(2, 'do-teo.jpg', 2)] }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />, 'admin');
    await screen.findByRole('img', { name: 'do-teo.jpg' });
    expect(screen.getByRole('button', { name: 'Remover foto do-teo.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover foto da-ana.jpg' })).toBeInTheDocument();
  });

  it('not editable: the photos without add or remove', async () => {
    fakeApi({ [`GET ${pictures}`]: () => ({ data: [picture(1, 'da-ana.jpg', 1)] }) });
    renderAsUser(<PhotosSection invoiceId={7} editable={false} />, 'admin');
    expect(await screen.findByRole('img', { name: 'da-ana.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar fotos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remover foto/ })).not.toBeInTheDocument();
  });

  it("removal asks first, then deletes and toasts 'Foto removida com sucesso'", async () => {
    let list = [picture(1, 'da-ana.jpg', 1), picture(2, 'do-teo.jpg', 2)];
    const calls = fakeApi({
      [`GET ${pictures}`]: () => ({ data: list }),
      [`DELETE ${pictures}/2`]: () => {
        list = list.filter((p) => p.id !== 2);
        return {};
      },
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />, 'admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Remover foto do-teo.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover a foto do-teo.jpg?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(paperworkMessages.photoRemoved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${pictures}/2`]);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'do-teo.jpg' })).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'da-ana.jpg' })).toBeInTheDocument();
  });

  it('a thumbnail opens the full-size photo in a viewer, which offers Remover only where allowed', async () => {
    // jsdom has no blob: URLs; the viewer only needs one to set as the image source.
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:foto-2'), revokeObjectURL: vi.fn() });
    try {
      const calls = fakeApi({
        [`GET ${pictures}`]: () => ({ data: [picture(1, 'da-ana.jpg', 1), picture(2, 'do-teo.jpg', 2)] }),
        [`GET ${pictures}/2`]: () => 'binary',
        [`GET ${pictures}/1`]: () => 'binary',
      });
      renderAsUser(<PhotosSection invoiceId={7} editable />, 'worker');
      await userEvent.click(await screen.findByRole('button', { name: 'Ver foto do-teo.jpg' }));
      const viewer = await screen.findByRole('dialog', { name: 'do-teo.jpg' });
      expect(await within(viewer).findByRole('img', { name: 'do-teo.jpg' })).toHaveAttribute('src', 'blob:foto-2');
      expect(calls.some((c) => c.method === 'GET' && c.path === `${pictures}/2`)).toBe(true);
      expect(within(viewer).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
      await userEvent.click(within(viewer).getAllByRole('button', { name: 'Fechar' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await userEvent.click(screen.getByRole('button', { name: 'Ver foto da-ana.jpg' }));
      const other = await screen.findByRole('dialog', { name: 'da-ana.jpg' });
      expect(within(other).queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
    } finally {
      Object.assign(URL, original);
    }
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const calls = fakeApi({ [`GET ${pictures}`]: () => ({ data: [picture(2, 'do-teo.jpg', 2)] }) });
    renderAsUser(<PhotosSection invoiceId={7} editable />, 'worker');
    await userEvent.click(await screen.findByRole('button', { name: 'Remover foto do-teo.jpg' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a refused removal toasts the server message', async () => {
    fakeApi({
      [`GET ${pictures}`]: () => ({ data: [picture(2, 'do-teo.jpg', 2)] }),
      [`DELETE ${pictures}/2`]: () => ({ status: 403, body: { errors: [paperworkMessages.photoNotYours] } }),
    });
    renderAsUser(<PhotosSection invoiceId={7} editable />, 'admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Remover foto do-teo.jpg' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText(paperworkMessages.photoNotYours)).toBeInTheDocument();
    expect(screen.queryByText(paperworkMessages.photoRemoved)).not.toBeInTheDocument();
  });
});
