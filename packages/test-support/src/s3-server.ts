import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  store: { listObjects(bucket: string, options: object): Promise<{ objects: Array<{ key: string }> }> };
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** Where the server's S3 storage finds the bucket: the shape of its S3 settings. */
export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface S3Server {
  settings: S3Settings;
  /** The same settings as S3_* variables, for a child process. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted (read from the server's store: its bucket-level API does not
   * accept the trailing-slash paths the current AWS SDK signs, while object calls work). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, in this process) on a free loopback port, with one empty
 * bucket, its objects in a temp dir. It checks request signatures against its fixed key pair.
 */
export async function startS3Server(bucket = 'oficina-test'): Promise<S3Server> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'oficina-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    keys: async () => (await server.store.listObjects(bucket, {})).objects.map((o) => o.key).sort(),
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
