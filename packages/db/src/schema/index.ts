export * from './organizations.ts';
export * from './users.ts';
export * from './login-attempts.ts';
export * from './companies.ts';
export * from './customers.ts';
export * from './addresses.ts';
export * from './equipments.ts';
