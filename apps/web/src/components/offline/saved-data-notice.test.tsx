import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-client.ts';
import { setOrgTimeZone } from '../../lib/time-zone.ts';
import { SavedDataNotice } from './saved-data-notice.tsx';

describe('SavedDataNotice', () => {
  afterEach(() => {
    vi.useRealTimers();
    setOrgTimeZone(null);
  });

  it("says when the shown data was saved, in the organization's zone, once the server cannot be reached", () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T20:00:00Z'), toFake: ['Date'] });
    setOrgTimeZone('America/Sao_Paulo');
    const saved = { data: {}, dataUpdatedAt: Date.parse('2026-11-28T17:32:00Z') };
    const { rerender } = render(<SavedDataNotice query={{ ...saved, error: null }} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<SavedDataNotice query={{ ...saved, error: new ApiError(0, null) }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sem conexão — mostrando dados salvos às 14:32.');
    // Saved on an earlier day: the date too.
    rerender(
      <SavedDataNotice
        query={{ data: {}, dataUpdatedAt: Date.parse('2026-11-27T12:05:00Z'), error: new ApiError(0, null) }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('mostrando dados salvos em 27/11/2026 às 09:05.');
    // Nothing saved: nothing to announce (the screen's own 'Sem conexão' says it).
    rerender(<SavedDataNotice query={{ data: undefined, dataUpdatedAt: 0, error: new ApiError(0, null) }} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
