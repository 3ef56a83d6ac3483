import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { allFeatures } from '@ordem-certa/contracts';
import { countingIntl } from '@ordem-certa/contracts/testing';
import { fakeApi, fakeToken } from '../test/fake-api.tsx';
import { meQueryOptions } from './auth.tsx';
import { formatDate, formatDateTime, formatTime } from './format.ts';
import { dayOf, fromWallTime, orgTimeZone, setOrgTimeZone, todayIso, toWallTime } from './time-zone.ts';

// The test process's own zone is made far from every organization's, so a helper that read the
// machine's zone (getHours, toLocale…) would fail here.
const machineZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  process.env.TZ = machineZone;
  setOrgTimeZone(null);
  vi.useRealTimers();
});

describe('the organization time zone', () => {
  it('is São Paulo until the session says otherwise; an unknown zone falls back to it', () => {
    expect(orgTimeZone()).toBe('America/Sao_Paulo');
    setOrgTimeZone('America/Manaus');
    expect(orgTimeZone()).toBe('America/Manaus');
    setOrgTimeZone('Marte/Olympus');
    expect(orgTimeZone()).toBe('America/Sao_Paulo');
  });

  it('is checked when first used, not when set (the zone data costs a slow phone at start)', async () => {
    await countingIntl('DateTimeFormat', (made) => {
      setOrgTimeZone('America/Rio_Branco');
      expect(made()).toBe(0);
      expect(orgTimeZone()).toBe('America/Rio_Branco');
      expect(made()).toBe(1);
      expect(orgTimeZone()).toBe('America/Rio_Branco');
      expect(made()).toBe(1);
    });
  });

  it("is set from the session: GET /me's organization.timeZone", async () => {
    localStorage.setItem('jwt', fakeToken('admin'));
    fakeApi({
      'GET /api/me': () => ({
        id: 1,
        name: 'Ana',
        email: 'admin@x.com',
        roles: ['ROLE_ADMIN'],
        organization: { id: 1, name: 'Frio Norte', timeZone: 'America/Manaus', features: allFeatures },
      }),
    });
    await new QueryClient().fetchQuery(meQueryOptions);
    expect(orgTimeZone()).toBe('America/Manaus');
    expect(formatDateTime('2026-11-26T02:30:00.000Z')).toMatch(/^25\/11\/2026,? 22:30$/);
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('formats instants in it, not in the machine’s zone', () => {
    const instant = '2026-11-26T02:30:00.000Z'; // 23:30 of the 25th in São Paulo, 11:30 of the 26th in Tokyo
    expect(formatDate(instant)).toBe('25/11/2026');
    expect(formatDateTime(instant)).toMatch(/^25\/11\/2026,? 23:30$/);
    expect(formatTime(instant)).toBe('23:30');
    setOrgTimeZone('America/Manaus');
    expect(formatDateTime(instant)).toMatch(/^25\/11\/2026,? 22:30$/);
    // A public page passes the zone its answer carries.
    expect(formatTime(instant, 'America/Sao_Paulo')).toBe('23:30');
  });

  it("today is the organization's day: at 17:00 in São Paulo it is already tomorrow in Tokyo", () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T20:00:00.000Z') });
    expect(new Date().getDate()).toBe(26); // the machine's (Tokyo) day; UTC's is still the 25th
    expect(todayIso()).toBe('2026-11-25');
    setOrgTimeZone('Asia/Tokyo');
    expect(todayIso()).toBe('2026-11-26');
    expect(dayOf('2026-11-26T03:30:00.000Z', 'America/Manaus')).toBe('2026-11-25');
  });

  it('round-trips wall times, also across the old daylight-saving dates of São Paulo', () => {
    for (const wall of ['2026-11-25T09:30', '2018-11-04T12:00', '2019-02-16T23:30', '2026-01-01T00:00']) {
      expect(toWallTime(fromWallTime(wall))).toBe(wall);
    }
    expect(fromWallTime('2026-11-25T09:30')).toBe('2026-11-25T12:30:00.000Z');
    expect(toWallTime('2026-11-25T12:30:00.000Z')).toBe('2026-11-25T09:30');
    expect(toWallTime('2026-11-26T03:00:00.000Z')).toBe('2026-11-26T00:00');
  });

  it("typed wall times are the organization's: 09:30 in Manaus is 13:30 UTC", () => {
    setOrgTimeZone('America/Manaus');
    expect(fromWallTime('2026-11-25T09:30')).toBe('2026-11-25T13:30:00.000Z');
    expect(toWallTime('2026-11-25T13:30:00.000Z')).toBe('2026-11-25T09:30');
  });

  it('refuses what is not a wall time', () => {
    expect(fromWallTime('')).toBeNull();
    expect(fromWallTime('25/11/2026 09:30')).toBeNull();
    expect(fromWallTime('2026-11-25T25:00')).toBeNull();
    expect(toWallTime(null)).toBe('');
  });
});
