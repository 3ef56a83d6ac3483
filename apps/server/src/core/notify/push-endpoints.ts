import { pushMessages } from '@ordem-certa/contracts';
import { bareHost, checkedLookup, destination, isLoopbackAddress, type Resolve } from '../../lib/outbound.ts';

/**
 * The push services browsers subscribe with: Chrome and the Chromium family (Firebase Cloud
 * Messaging), Firefox (Mozilla autopush), Safari (Apple) and Edge (Windows Notification Service).
 * `*.` covers every subdomain, not the bare domain.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export interface PushEndpointSettings {
  /** PUSH_ALLOWED_HOSTS: hosts added to the push services above (`push.example.com`, `*.example.com`). */
  allowedHosts?: string[];
  /** PUSH_ALLOW_LOCALHOST: a push service stand-in on this machine (tests only; off by default). */
  allowLocalhost?: boolean;
  /** How host names become addresses (tests give a stub; the system's resolver otherwise). */
  resolve: Resolve;
}

export interface PushEndpoints {
  /** Why `endpoint` cannot take pushes (a pt-BR message), or null when it can. */
  problem(endpoint: string): Promise<string | null>;
  /** The `lookup` every push connection uses: resolved again and checked, so a rebound name is refused. */
  lookup: ReturnType<typeof checkedLookup>;
  /** Whether the endpoint's scheme and host are allowed (no resolution): checked again before each push. */
  hostAllowed(endpoint: URL): boolean;
}

const matches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

const isLocalName = (host: string) => host === 'localhost' || isLoopbackAddress(host);

/**
 * A subscription's endpoint is where the server will POST each of its user's notifications, and any
 * signed-in user chooses it: so only a push service's host, over https, reachable on the internet —
 * never this machine or the networks behind it, whatever the name resolves to, now or later.
 */
export function createPushEndpoints(settings: PushEndpointSettings): PushEndpoints {
  const patterns = [...PUSH_SERVICE_HOSTS, ...(settings.allowedHosts ?? [])].map((p) => p.toLowerCase());
  const allowLocalhost = settings.allowLocalhost === true;

  const hostAllowed = (url: URL) => {
    const host = bareHost(url.hostname).toLowerCase();
    if (allowLocalhost && isLocalName(host)) return url.protocol === 'https:' || url.protocol === 'http:';
    return url.protocol === 'https:' && patterns.some((p) => matches(host, p));
  };

  return {
    hostAllowed,
    async problem(endpoint) {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        return pushMessages.endpointInvalid;
      }
      if (!hostAllowed(url)) return pushMessages.endpointService;
      const host = bareHost(url.hostname).toLowerCase();
      const found = await destination(host, settings.resolve, allowLocalhost && isLocalName(host));
      if (found.ok) return null;
      return found.reason === 'internal' ? pushMessages.endpointInternal : pushMessages.endpointUnresolvable(host);
    },
    lookup: checkedLookup(settings.resolve, (host) => allowLocalhost && isLocalName(bareHost(host).toLowerCase())),
  };
}
