import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** What of the settings (config.ts) the app reads while it runs. */
export type AppConfig = Pick<Config, 'tokenTtlSeconds' | 'loginRateLimitPerMinute' | 'dataDir'> & {
  jwtSecret: string;
  /** The demo's WhatsApp numbers and the local stand-in of the Cloud API that answers for them. */
  whatsappDemo?: { url: string; phoneNumberIds: string[] };
} & Partial<
    Pick<
      Config,
      | 'trustProxy'
      | 'signup'
      | 'appUrl'
      | 'cepApiUrl'
      | 'cepFallbackUrl'
      | 'cnpjApiUrl'
      | 'nfseApiUrl'
      | 'nfseProductionApiUrl'
      | 'nfseParametersUrl'
      | 'whatsappApiUrl'
      | 'geocoderUrl'
      | 'routingUrl'
      | 'mapTilesUrl'
      | 'secretsKey'
      | 'secretsKeyRequired'
      | 'vapidPublicKey'
      | 'vapidPrivateKey'
      | 'vapidSubject'
      | 'pushAllowedHosts'
      | 'pushAllowLocalhost'
    >
  >;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export const configPlugin = fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config' },
);
