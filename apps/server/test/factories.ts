import { randomInt } from 'node:crypto';
import { completeCnpj, completeCpf } from '@ordem-certa/contracts';

/** Random valid identifiers (a repeat is a one-in-10^8 chance). */
export const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));
export const newCnpj = () => completeCnpj(`${randomInt(10_000_000, 99_999_999)}0001`);

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);
/** The first bytes of a JPEG are all the server looks at. */
export const JPEG_HEAD = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

/** A multipart/form-data body with one file part, for inject(). */
export function multipart(field: string, data: Buffer, filename: string, contentType: string) {
  const boundary = `----test${Date.now().toString(16)}${randomInt(1e6)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with several file parts under the same field (photos), for inject(). */
export function multipartFiles(field: string, files: Array<{ data: Buffer; filename: string; contentType: string }>) {
  const boundary = `----test${Date.now().toString(16)}${randomInt(1e6)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with text fields first, then files under `field` (UTF-8 throughout). */
export function multipartFieldsAndFiles(
  fields: Record<string, string>,
  field: string,
  files: Array<{ data: Buffer; filename: string; contentType: string }>,
) {
  const boundary = `----test${Date.now().toString(16)}${randomInt(1e6)}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...texts, ...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A multipart/form-data body with text fields and then one file part (a certificate and its password). */
export function multipartForm(
  fields: Record<string, string>,
  file: { field: string; data: Buffer; filename: string; contentType: string },
) {
  const boundary = `----test${Date.now().toString(16)}${randomInt(1e6)}`;
  const texts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const { payload } = multipart(file.field, file.data, file.filename, file.contentType);
  const filePart = payload
    .toString('latin1')
    .replace(/^--(\S+)/, `--${boundary}`)
    .replace(/--(\S+)--\r\n$/, `--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([...texts, Buffer.from(filePart, 'latin1')]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
