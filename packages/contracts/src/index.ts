export * from './messages.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './format.ts';
export * from './invoice-states.ts';
