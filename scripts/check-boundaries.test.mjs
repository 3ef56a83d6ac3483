import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from './check-boundaries.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const trees = [];
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A tree of files (path → the paths it imports), each import written as a relative `from '…'`. */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  trees.push(root);
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    const lines = imports.map((target, k) => `import { x${k} } from '${target}';`);
    writeFileSync(join(root, path), `${lines.join('\n')}\nexport const x = 1;\n`);
  }
  return root;
}

const server = (path) => `apps/server/src/${path}`;
const web = (path) => `apps/web/src/${path}`;

describe('the server zones', () => {
  it('a feature imports core/, lib/, plugins/ and itself', () => {
    const root = tree({
      [server('modules/orders/orders.service.ts')]: [
        './orders-rules.ts',
        '../../core/orders/access.ts',
        '../../lib/errors.ts',
        '../../plugins/auth.ts',
      ],
      [server('modules/orders/orders-rules.ts')]: [],
      [server('core/orders/access.ts')]: ['../access/viewer.ts', '../../lib/errors.ts'],
      [server('core/access/viewer.ts')]: [],
      [server('plugins/auth.ts')]: ['../core/access/viewer.ts', '../lib/errors.ts', '../config.ts'],
      [server('lib/errors.ts')]: ['./sql.ts'],
      [server('lib/sql.ts')]: [],
      [server('config.ts')]: ['./lib/sql.ts'],
      [server('app.ts')]: ['./modules/index.ts', './plugins/auth.ts', './modules/orders/orders.service.ts'],
      [server('modules/index.ts')]: ['./orders/orders.service.ts'],
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('refuses a feature importing another feature', () => {
    const root = tree({
      [server('modules/estimates/estimates.service.ts')]: ['../invoices/invoices.service.ts'],
      [server('modules/invoices/invoices.service.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/modules/estimates/estimates.service.ts: imports ../invoices/invoices.service.ts (feature invoices: a feature never imports another; move what both need to core/)',
    ]);
  });

  it('refuses a feature importing what composes the app', () => {
    const root = tree({ [server('modules/estimates/estimates.service.ts')]: ['../../app.ts'], [server('app.ts')]: [] });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/modules/estimates/estimates.service.ts: imports ../../app.ts (a feature imports only itself, core/, lib/ and plugins/)',
    ]);
  });

  it('refuses lib/ importing core/, a feature or plugins/', () => {
    const root = tree({
      [server('lib/list.ts')]: ['../core/records/kind.ts', '../modules/tags/tags.service.ts', '../plugins/auth.ts'],
      [server('core/records/kind.ts')]: [],
      [server('modules/tags/tags.service.ts')]: [],
      [server('plugins/auth.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/lib/list.ts: imports ../core/records/kind.ts (core: lib/ holds infrastructure and imports only lib/)',
      'apps/server/src/lib/list.ts: imports ../modules/tags/tags.service.ts (feature tags: lib/ holds infrastructure and imports only lib/)',
      'apps/server/src/lib/list.ts: imports ../plugins/auth.ts (plugins: lib/ holds infrastructure and imports only lib/)',
    ]);
  });

  it('refuses core/ importing a feature or plugins/', () => {
    const root = tree({
      [server('core/orders/access.ts')]: ['../../modules/payments/payments.service.ts', '../../plugins/auth.ts'],
      [server('modules/payments/payments.service.ts')]: [],
      [server('plugins/auth.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/core/orders/access.ts: imports ../../modules/payments/payments.service.ts (feature payments: core/ imports only core/ and lib/)',
      'apps/server/src/core/orders/access.ts: imports ../../plugins/auth.ts (plugins: core/ imports only core/ and lib/)',
    ]);
  });

  it('refuses plugins/ importing a feature', () => {
    const root = tree({
      [server('plugins/jobs.ts')]: ['../modules/nfse/nfse-job.ts'],
      [server('modules/nfse/nfse-job.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/plugins/jobs.ts: imports ../modules/nfse/nfse-job.ts (feature nfse: plugins/ never import a feature)',
    ]);
  });

  it('lets a test reach up the layers, never sideways into another feature', () => {
    const root = tree({
      [server('lib/shared-state.test.ts')]: ['../app.ts', '../core/audit/audit.ts'],
      [server('modules/estimates/estimate-email.test.ts')]: ['../../app.ts', '../invoices/invoices.service.ts'],
      [server('app.ts')]: [],
      [server('core/audit/audit.ts')]: [],
      [server('modules/invoices/invoices.service.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/modules/estimates/estimate-email.test.ts: imports ../invoices/invoices.service.ts (feature invoices: a feature never imports another; move what both need to core/)',
    ]);
  });
});

describe('the web zones', () => {
  it('a feature imports components/, lib/ and itself', () => {
    const root = tree({
      [web('features/invoices/pages/invoices-page.tsx')]: [
        '../api/list-invoices.ts',
        '../../../components/data-table.tsx',
        '../../../lib/format.ts',
      ],
      [web('features/invoices/api/list-invoices.ts')]: ['../../../lib/api-client.ts'],
      [web('components/data-table.tsx')]: ['../lib/format.ts'],
      [web('lib/format.ts')]: [],
      [web('lib/api-client.ts')]: [],
      [web('app/router.tsx')]: ['../features/invoices/pages/invoices-page.tsx', '../components/data-table.tsx'],
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('refuses a feature importing another feature', () => {
    const root = tree({
      [web('features/estimates/pages/estimate-page.tsx')]: ['../../invoices/api/list-invoices.ts'],
      [web('features/invoices/api/list-invoices.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/web/src/features/estimates/pages/estimate-page.tsx: imports ../../invoices/api/list-invoices.ts (feature invoices: features never import each other)',
    ]);
  });

  it('refuses a shared component or lib importing a feature', () => {
    const root = tree({
      [web('components/customer-picker.tsx')]: ['../features/customers/api/list-customers.ts'],
      [web('lib/early-requests.ts')]: ['../features/invoices/api/prefetch.ts'],
      [web('features/customers/api/list-customers.ts')]: [],
      [web('features/invoices/api/prefetch.ts')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/web/src/components/customer-picker.tsx: imports ../features/customers/api/list-customers.ts (feature customers: components/ never imports a feature)',
      'apps/web/src/lib/early-requests.ts: imports ../features/invoices/api/prefetch.ts (feature invoices: lib/ never imports a feature)',
    ]);
  });

  it('refuses anything below app/ importing it', () => {
    const root = tree({
      [web('features/home/pages/home-page.tsx')]: ['../../../app/guards.tsx'],
      [web('components/nav.tsx')]: ['../app/layout.tsx'],
      [web('lib/session.test.ts')]: ['../app/router.tsx'],
      [web('app/guards.tsx')]: [],
      [web('app/layout.tsx')]: [],
      [web('app/router.tsx')]: [],
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/web/src/features/home/pages/home-page.tsx: imports ../../../app/guards.tsx (app/: move what it needs to components/ or lib/)',
      'apps/web/src/components/nav.tsx: imports ../app/layout.tsx (app/: move what it needs to components/ or lib/)',
      'apps/web/src/lib/session.test.ts: imports ../app/router.tsx (app/: move what it needs to components/ or lib/)',
    ]);
  });
});

it('the repository keeps every zone', () => {
  expect(checkBoundaries(repo)).toEqual([]);
});
