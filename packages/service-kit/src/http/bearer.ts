/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750: the scheme in any case, then
 * the token, one word); undefined for no header, another scheme or a malformed value. The one
 * parser of both services (HTTP requests and socket handshakes).
 */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
}
