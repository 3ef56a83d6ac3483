import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@ordem-certa/contracts';

/** The login form's validation: the contract's loginBody (loaded apart from the page, see login-page). */
export const loginResolver = zodResolver(loginBody);
