import { ECDH } from 'node:crypto';

/**
 * Whether a subscription's p256dh (base64url) is a point on the P-256 curve. Core's schema checks
 * its shape (65 bytes, 0x04 first); only elliptic-curve arithmetic tells a real key from 65 bytes
 * of noise, and no push can be encrypted for a point off the curve (RFC 8291 needs an ECDH with it).
 */
export function isP256PublicKey(p256dh: string): boolean {
  try {
    // OpenSSL refuses to load a point that does not satisfy the curve equation.
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
