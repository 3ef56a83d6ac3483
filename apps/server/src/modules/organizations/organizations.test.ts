import { describe, expect, it } from 'vitest';
import { perFile } from '../../../test/helpers.ts';

// The organization's settings carry their version: a save made on settings read before another
// person's save is refused and changes nothing; a fresh one, or one without a version, passes.
const t = perFile({ other: true });

const settings = (method: 'GET' | 'PUT', payload?: object) =>
  t.ctx.app.inject({
    method,
    url: `/api/organizations/${t.org.organization.id}`,
    headers: t.org.as(t.org.admin.token),
    ...(payload ? { payload } : {}),
  });

describe('organization settings versions', () => {
  it('a stale save is 409 with the settings now and changes nothing; a fresh one passes', async () => {
    const read = (await settings('GET')).json();
    expect(read.version).toEqual(expect.any(Number));
    // Someone else moves the organization to Manaus.
    const first = await settings('PUT', { name: read.name, timeZone: 'America/Manaus', version: read.version });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBeGreaterThan(read.version);

    // A screen still on what it read renames it: refused, with what the settings are now.
    const stale = await settings('PUT', { name: 'Outro Nome', timeZone: read.timeZone, version: read.version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      errors: ['Este registro foi alterado por outra pessoa'],
      conflict: {
        version: first.json().version,
        changed: ['name', 'timeZone'],
        current: { name: read.name, timeZone: 'America/Manaus', twoFactor: read.twoFactor },
      },
    });
    expect((await settings('GET')).json()).toMatchObject({ name: read.name, timeZone: 'America/Manaus' });

    const fresh = await settings('PUT', { name: 'Outro Nome', version: stale.json().conflict.version });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ name: 'Outro Nome', timeZone: 'America/Manaus' });
    // Without a version, not checked (API clients), as before.
    const unchecked = await settings('PUT', { name: read.name, timeZone: read.timeZone });
    expect(unchecked.statusCode).toBe(200);
  });
});
