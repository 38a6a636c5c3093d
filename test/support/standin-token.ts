/**
 * Tokens as the stand-in social SDKs sign theirs: RS256 JWTs signed with the committed test key of
 * demo/stand-in-keys/, through WebCrypto (a browser or Node), for tests that hand bookcore a social user without
 * clicking through an SDK.
 */

const base64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * @param pem - the stand-in signing key (demo/stand-in-keys/social-signing-key.pem), PKCS#8 PEM.
 * @param claims - the token's payload.
 */
export async function signStandinToken(pem: string, claims: Record<string, unknown>): Promise<string> {
  const der = Uint8Array.from(atob(pem.replace(/-----[A-Z ]+-----|\s/g, '')), (char) => char.charCodeAt(0));
  const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const encode = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));
  const input = `${encode({ alg: 'RS256', kid: 'standin', typ: 'JWT' })}.${encode(claims)}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, new TextEncoder().encode(input));
  return `${input}.${base64url(new Uint8Array(signature))}`;
}
