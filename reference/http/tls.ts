// A self-signed certificate for 127.0.0.1/localhost, made at start (EC keys: fast to generate).
import { generate } from 'selfsigned';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export async function selfSignedCertificate(): Promise<TlsMaterial> {
  const now = new Date();
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - 60_000),
    notAfterDate: new Date(now.getTime() + 7 * 24 * 3600_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
