/**
 * Whether a request's framing announces a body (RFC 9112 §6.3): chunked transfer coding, or a
 * Content-Length other than 0. Without either there are no body bytes: a multipart endpoint then
 * answers MISSING_INPUT, and `Expect: 100-continue` has nothing to wait for.
 * @module
 */
export function announcesBody(contentLength: string | undefined, transferEncoding: string | undefined): boolean {
  return transferEncoding !== undefined || (contentLength !== undefined && contentLength.trim() !== '0')
}
