// The documents of the NFS-e Nacional as XML, layout 1.01 (and 1.00, for documents issued before): the
// A1 certificate that signs them, the DPS and the cancellation request built from plain input, the
// withholdings they carry, their XMLDSig signature and their check against the official schemas
// (../schemas). The issuing feature and the SEFIN stand-in of the tests share it.
export * from './certificate.ts';
export * from './dps.ts';
export * from './event.ts';
export * from './nfse-read.ts';
export * from './sign.ts';
export * from './text.ts';
export * from './validate.ts';
export * from './withholdings.ts';
