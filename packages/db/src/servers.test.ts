import { describe, expect, it } from 'vitest';
import { parseServerList } from './servers.ts';

// DATABASE_URL in libpq's several-host form, as a failover manager prints it: node-postgres connects to
// one host, so the list is read apart and the rest of the URL kept for every server.
describe('parseServerList', () => {
  it('leaves a URL with one server and no target_session_attrs as it is', () => {
    expect(parseServerList('postgres://u:p@db:5432/ordem?sslmode=disable')).toBeUndefined();
    expect(parseServerList('postgres://u@/ordem?host=/var/run/postgresql')).toBeUndefined();
  });

  it('reads each server, port 5432 by default, and keeps the rest of the URL for all of them', () => {
    expect(
      parseServerList('postgres://app:s%40nha@db1:5433,db2/ordem?sslmode=disable&target_session_attrs=read-write'),
    ).toEqual({
      servers: [
        { host: 'db1', port: 5433 },
        { host: 'db2', port: 5432 },
      ],
      attrs: 'read-write',
      connectionString: 'postgres://app:s%40nha@db1:5433/ordem?sslmode=disable',
    });
  });

  it("reads pg_autoctl's URI (no user, postgresql:// too) and IPv6 addresses", () => {
    expect(
      parseServerList(
        'postgresql://10.0.0.1:5432,10.0.0.2:5432/postgres?target_session_attrs=read-write&sslmode=require',
      ),
    ).toMatchObject({
      servers: [
        { host: '10.0.0.1', port: 5432 },
        { host: '10.0.0.2', port: 5432 },
      ],
      connectionString: 'postgresql://10.0.0.1:5432/postgres?sslmode=require',
    });
    expect(parseServerList('postgres://u@[::1]:5433,[fd00::2]/db')).toMatchObject({
      servers: [
        { host: '::1', port: 5433 },
        { host: 'fd00::2', port: 5432 },
      ],
      connectionString: 'postgres://u@[::1]:5433/db',
    });
  });

  it('several servers without target_session_attrs want the one taking writes; one server may ask too', () => {
    expect(parseServerList('postgres://u@a,b/db')?.attrs).toBe('read-write');
    expect(parseServerList('postgres://u@a/db?target_session_attrs=primary')).toMatchObject({
      servers: [{ host: 'a', port: 5432 }],
      attrs: 'primary',
    });
    expect(parseServerList('postgres://u@a,b/db?target_session_attrs=any')?.attrs).toBe('any');
  });

  it('refuses what the app cannot run on, saying why', () => {
    expect(() => parseServerList('postgres://u@a,b/db?target_session_attrs=read-only')).toThrow(
      'target_session_attrs=read-only não serve, o app grava',
    );
    expect(() => parseServerList('postgres://u@a,b/db?target_session_attrs=prefer-standby')).toThrow('não serve');
    expect(() => parseServerList('postgres://u@a,,b/db')).toThrow('cada servidor da lista precisa de um endereço');
    expect(() => parseServerList('postgres://u@a:99999,b/db')).toThrow('servidor inválido na lista: "a:99999"');
  });
});
