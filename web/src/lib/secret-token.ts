/** Inbound secrets (token, key value, password) the gateway accepts: at least this many characters. */
export const MIN_INBOUND_SECRET_CHARS = 16;

/** A random 32-byte token in base64url (43 characters), from the browser's CSPRNG. */
export function generateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
