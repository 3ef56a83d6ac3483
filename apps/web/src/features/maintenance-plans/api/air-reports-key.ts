import { planKey } from './plan-keys.ts';

/** A plan's air-quality reports, under the plan's key (a write on the plans refreshes them too). */
export const airReportsKey = (orgPath: string, id: number) => [...planKey(orgPath, id), 'air-reports'] as const;
