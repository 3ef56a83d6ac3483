import { DateTime } from 'luxon';
import { APP_VERSION, LAYOUT_VERSION, NFSE_NS, cleanText, digitsOf, el } from './text.ts';

/** The code of the cancellation event. */
export const CANCEL_EVENT = '101101';

export interface CancelEventInput {
  environment: 'homologation' | 'production';
  /** chNFSe: the NFS-e's access key (50 digits). */
  accessKey: string;
  providerCnpj: string;
  /** xMotivo: 15 to 255 characters once cleaned. */
  reason: string;
  /** dhEvento, written with the offset of the zone. */
  at: Date;
  timeZone: string;
  /** cMotivo: 1 error in the issue, 2 service not rendered, 9 other (the default). */
  reasonCode?: 1 | 2 | 9;
}

/** The code of the cancellation by substitution, which the national system registers on the replaced NFS-e. */
export const SUBSTITUTION_EVENT = '105102';

/**
 * The Id of infPedReg in layout 1.01 (59 characters): 'PRE' + access key (50) + event code (6). Layout
 * 1.00 also had the request number (nPedRegEvento), which 1.01 dropped.
 */
export function cancelEventId(accessKey: string): string {
  return `PRE${accessKey}${CANCEL_EVENT}`;
}

/** The cancellation request (pedRegEvento with e101101, layout 1.01), unsigned; sign it with signXml(…, 'infPedReg'). */
export function buildCancelEvent(input: CancelEventInput): { id: string; xml: string } {
  if (!/^\d{50}$/.test(input.accessKey)) throw new RangeError(`An access key has 50 digits: '${input.accessKey}'`);
  const cnpj = digitsOf(input.providerCnpj);
  if (cnpj.length !== 14) throw new RangeError(`A CNPJ has 14 digits: '${input.providerCnpj}'`);
  const reason = cleanText(input.reason, 255);
  if (!reason || reason.length < 15) throw new RangeError('The reason for a cancellation has at least 15 characters.');
  const at = DateTime.fromJSDate(input.at, { zone: input.timeZone });
  if (!at.isValid || at.offset % 60 !== 0) throw new RangeError(`Unknown or unusable time zone: ${input.timeZone}`);
  const id = cancelEventId(input.accessKey);
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<pedRegEvento xmlns="${NFSE_NS}" versao="${LAYOUT_VERSION}"><infPedReg Id="${id}">` +
    el('tpAmb', input.environment === 'production' ? 1 : 2) +
    el('verAplic', APP_VERSION) +
    el('dhEvento', at.set({ millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ")) +
    el('CNPJAutor', cnpj) +
    el('chNFSe', input.accessKey) +
    '<e101101>' +
    el('xDesc', 'Cancelamento de NFS-e') +
    el('cMotivo', input.reasonCode ?? 9) +
    el('xMotivo', reason) +
    '</e101101></infPedReg></pedRegEvento>';
  return { id, xml };
}
