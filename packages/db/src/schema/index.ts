export * from './organizations.ts';
export * from './users.ts';
export * from './login-attempts.ts';
