export * from './client.ts';
export { DataDirInUseError } from './lock.ts';
export * from './migrate.ts';
export * from './password.ts';
export * as schema from './schema/index.ts';
export * from './seed/demo.ts';
export * from './organizations.ts';
export * from './payrolls.ts';
export * from './pay.ts';
