import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  isChunkLoadError,
  RELOAD_WINDOW_MS,
  reloadOnceForMissingChunk,
  type ReloadDeps,
} from '../../lib/chunk-reload.ts';
import { RouteErrorPage } from './route-error-page.tsx';

const chunkError = new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-abc.js');

function deps(now = 1_000_000, online = true) {
  const store = new Map<string, string>();
  const d: ReloadDeps & { reloads: number; at: number } = {
    reloads: 0,
    at: now,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    reload: () => void d.reloads++,
    now: () => d.at,
    online: () => online,
  };
  return d;
}

describe('reloadOnceForMissingChunk', () => {
  it('knows the browsers’ messages for a missing code file, and nothing else', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  });

  it('reloads once, then not again while the same failure repeats (no loop)', () => {
    const d = deps();
    expect(reloadOnceForMissingChunk(chunkError, d)).toBe(true);
    expect(d.reloads).toBe(1);
    // Another error page before the reload goes: it waits for the same reload, starting none.
    expect(reloadOnceForMissingChunk(chunkError, d)).toBe(true);
    expect(d.reloads).toBe(1);
    d.started = false;
    d.at += 2_000; // the reloaded page fails the same way
    expect(reloadOnceForMissingChunk(chunkError, d)).toBe(false);
    expect(d.reloads).toBe(1);
    d.at += RELOAD_WINDOW_MS; // a later deploy may reload again
    expect(reloadOnceForMissingChunk(chunkError, d)).toBe(true);
    expect(d.reloads).toBe(2);
  });

  it('never reloads for other errors, nor offline', () => {
    const d = deps();
    expect(reloadOnceForMissingChunk(new Error('boom'), d)).toBe(false);
    const offline = deps(1, false);
    expect(reloadOnceForMissingChunk(chunkError, offline)).toBe(false);
    expect(d.reloads + offline.reloads).toBe(0);
  });
});

describe('RouteErrorPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  const mount = (fail: () => never) => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        Component: () => fail(),
      },
    ]);
    render(<RouterProvider router={router} />);
  };

  it('shows a pt-BR page with "Tentar novamente" and "Voltar ao início" for a screen that fails to draw', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mount(() => {
      throw new Error('boom');
    });
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/developer/i)).toBeNull();
  });

  it('for a missing code file already reloaded a moment ago, explains the update instead of reloading', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('chunk-reload-at', String(Date.now()));
    mount(() => {
      throw chunkError;
    });
    expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByText(/O sistema foi atualizado/)).toBeInTheDocument();
  });
});
