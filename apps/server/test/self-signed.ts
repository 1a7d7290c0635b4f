import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A self-signed P-256 certificate for a test's HTTPS stand-in, made by openssl in `dir` (key.pem,
 * cert.pem), valid one day for `subjectAltName` (e.g. `IP:127.0.0.1,DNS:localhost`).
 */
export function selfSignedCertificate(
  dir: string,
  commonName: string,
  subjectAltName: string,
): { key: Buffer; cert: Buffer } {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  // prettier-ignore
  const args = [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', `/CN=${commonName}`, '-addext', `subjectAltName=${subjectAltName}`, '-keyout', keyPath, '-out', certPath,
  ];
  try {
    execFileSync('openssl', args, { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim() ?? '';
    throw new Error(`openssl could not make a test certificate: ${stderr || (error as Error).message}`);
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath) };
}
