import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the outside CEP and CNPJ services on loopback, speaking their protocols: ViaCEP
 * (`/viacep/ws/{cep}/json/`: the address, `{"erro": true}` for an unknown CEP, 400 for a malformed
 * one), BrasilAPI's CEP v1 (`/brasilapi/cep/v1/{cep}`, 404 when unknown) and CNPJ v1
 * (`/brasilapi/cnpj/v1/{cnpj}`, 404 when unknown). Each service can be put down (503), made to
 * hang (never answers) or to answer garbage (an HTML page), and every request it gets is counted.
 * Used by the API tests and, with fixed data, by the E2E run.
 */

export interface StandInCep {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  uf: string;
  ibge: string;
}

/** A CNPJ's answer as BrasilAPI gives it (its own field names). */
export type StandInCnpj = Record<string, unknown> & { cnpj: string };

export type Mode = 'up' | 'down' | 'hang' | 'garbage';
export type ServiceName = 'viacep' | 'brasilapiCep' | 'brasilapiCnpj';

export interface LookupStandIn {
  viaCepUrl: string;
  cepFallbackUrl: string;
  cnpjUrl: string;
  /** How each service behaves now ('up' by default). */
  modes: Record<ServiceName, Mode>;
  /** The paths asked, in order. */
  hits: string[];
  /** Requests that reached a service. */
  hitsOf(service: ServiceName): number;
  close(): Promise<void>;
}

export async function startLookupStandIn(
  data: {
    ceps?: StandInCep[];
    cnpjs?: StandInCnpj[];
    /** CEPs or CNPJs every service fails on (503), whatever the modes: the E2E run's "services down". */
    failFor?: string[];
  },
  port = 0,
): Promise<LookupStandIn> {
  const ceps = new Map((data.ceps ?? []).map((c) => [c.cep, c]));
  const cnpjs = new Map((data.cnpjs ?? []).map((c) => [c.cnpj, c]));
  const failFor = new Set(data.failFor ?? []);
  const modes: Record<ServiceName, Mode> = { viacep: 'up', brasilapiCep: 'up', brasilapiCnpj: 'up' };
  const hits: string[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };

  const answer = (service: ServiceName, key: string, res: ServerResponse, ok: () => void) => {
    const mode = modes[service];
    if (mode === 'hang') return; // the response is never written; close() ends the socket
    if (mode === 'down' || failFor.has(key)) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      return res.end('Service Unavailable');
    }
    if (mode === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>Manutenção programada</body></html>');
    }
    ok();
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0]!;
    hits.push(path);
    let m = /^\/viacep\/ws\/([^/]+)\/json\/?$/.exec(path);
    if (m) {
      const cep = decodeURIComponent(m[1]!);
      return answer('viacep', cep, res, () => {
        if (!/^\d{8}$/.test(cep)) return json(res, 400, { erro: true });
        const c = ceps.get(cep);
        if (!c) return json(res, 200, { erro: 'true' });
        json(res, 200, {
          cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
          logradouro: c.street,
          complemento: '',
          unidade: '',
          bairro: c.neighborhood,
          localidade: c.city,
          uf: c.uf,
          estado: '',
          regiao: '',
          ibge: c.ibge,
          gia: '',
          ddd: '11',
          siafi: '',
        });
      });
    }
    m = /^\/brasilapi\/cep\/v1\/([^/]+)$/.exec(path);
    if (m) {
      const cep = decodeURIComponent(m[1]!);
      return answer('brasilapiCep', cep, res, () => {
        const c = ceps.get(cep);
        if (!c)
          return json(res, 404, {
            name: 'CepPromiseError',
            message: 'Todos os serviços de CEP retornaram erro.',
            type: 'service_error',
          });
        json(res, 200, {
          cep,
          state: c.uf,
          city: c.city,
          neighborhood: c.neighborhood,
          street: c.street,
          service: 'stand-in',
        });
      });
    }
    m = /^\/brasilapi\/cnpj\/v1\/([^/]+)$/.exec(path);
    if (m) {
      const cnpj = decodeURIComponent(m[1]!);
      return answer('brasilapiCnpj', cnpj, res, () => {
        const c = cnpjs.get(cnpj);
        if (!c)
          return json(res, 404, { name: 'NotFoundError', message: `CNPJ ${cnpj} não encontrado.`, type: 'not_found' });
        json(res, 200, c);
      });
    }
    json(res, 404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const prefix: Record<ServiceName, string> = {
    viacep: '/viacep/',
    brasilapiCep: '/brasilapi/cep/',
    brasilapiCnpj: '/brasilapi/cnpj/',
  };
  return {
    viaCepUrl: `${base}/viacep/ws`,
    cepFallbackUrl: `${base}/brasilapi/cep/v1`,
    cnpjUrl: `${base}/brasilapi/cnpj/v1`,
    modes,
    hits,
    hitsOf: (service) => hits.filter((p) => p.startsWith(prefix[service])).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
