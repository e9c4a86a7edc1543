/**
 * The Host header (RFC 9112 §3.2). Node refuses an HTTP/1.1 request without one, and the Node
 * adapter one whose Host it cannot build a URL from (`a b`, `x:99999`), both with an empty
 * `400 Bad Request`: no ApiErrorResponse, no X-Request-Id, no access-log line. So the server
 * takes every request: `checkRequestHost` gives one without a usable Host the authority it was
 * received on (the socket's local address) and, unless it is HTTP/1.0 without Host (allowed
 * there), marks it; the app then refuses the marked request with a 400 INVALID_REQUEST
 * (`hostRefusal`) that names the header and what is wrong.
 * @module
 */
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'

/** What is wrong with a request's Host header, left on its IncomingMessage for the app. */
const HOST_PROBLEM = Symbol('einvoice.hostProblem')

type CheckedRequest = IncomingMessage & { [HOST_PROBLEM]?: HostProblem }

export type HostProblem = {
  /** For the message: "the Host header …" */
  message: string
  /** For `details[field]`: a short word. */
  detail: string
  /** What is wrong: the Host header, or the request target of the request line. */
  field?: 'host' | 'target' | undefined
}

/** What curl, browsers and proxies send (a name or IPv4 address, a port): taken at once. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::\d{1,5})?$/
const FIVE_DIGIT_PORT = /:\d{5}$/

/** The Host value as it may appear in a message: printable ASCII, bounded. */
function shown(host: string): string {
  const text = host.replace(/[^\x20-\x7e]/g, '?')
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}

/**
 * Why `host` (a Host value) cannot be used as the authority of the request's URL, or undefined
 * when it can: a host name or IP address with an optional port 0–65535 (RFC 9110 §7.2) that a
 * URL keeps as it is (the adapter refuses a host a URL would rewrite: IDN, %-escapes, user info).
 */
export function hostValueProblem(host: string): HostProblem | undefined {
  // The usual Host passes here (a port of 5 digits may still be above 65535).
  if (PLAIN_HOST.test(host) && !FIVE_DIGIT_PORT.test(host)) return undefined
  if (host === '') return { message: 'the Host header is empty; it must name the server (RFC 9112 §3.2)', detail: 'empty' }
  const port = /:(\d*)$/.exec(host)?.[1]
  if (port !== undefined && (port === '' || Number(port) > 65535)) {
    const what = port === '' ? 'an empty port' : `the port ${shown(port)}, above 65535`
    return { message: `the Host header "${shown(host)}" has ${what} (RFC 9112 §3.2)`, detail: 'invalid port' }
  }
  if (PLAIN_HOST.test(host)) return undefined
  const name = port === undefined ? host : host.slice(0, -port.length - 1)
  let url: URL | undefined
  try {
    url = /^[\x21-\x7e]+$/.test(host) ? new URL(`http://${host}/`) : undefined
  } catch {
    url = undefined
  }
  if (url?.hostname === name.toLowerCase()) return undefined
  return { message: `the Host header "${shown(host)}" is not a host name or IP address with an optional port (RFC 9112 §3.2)`, detail: 'invalid' }
}

/** The Host lines of a request: Node keeps only the first of several in `headers.host`. */
function hostLines(rawHeaders: readonly string[]): number {
  let count = 0
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    if (name.length === 4 && name.toLowerCase() === 'host') count++
  }
  return count
}

/** The address and port the connection came in on, as a URL authority. */
export function localAuthority(socket: Socket): string {
  const address = socket.localAddress ?? ''
  // An IPv4 client of a dual-stack listener; the %zone of a link-local address is no URL's.
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const host = ipv4 ?? (address.includes(':') ? `[${address.replace(/%.*$/, '')}]` : address)
  const authority = socket.localPort === undefined ? host : `${host}:${socket.localPort}`
  return host !== '' && hostValueProblem(authority) === undefined ? authority : 'localhost'
}

/**
 * Why the request target cannot be read as a path, or undefined: the adapter answers a target
 * that does not start with `/` (`*`, `x`) or has a backslash before its query with an empty 400.
 * An absolute `http(s)://` target is the adapter's to read (RFC 9112 §3.2.2).
 */
function targetProblem(target: string): HostProblem | undefined {
  if (target.startsWith('/') ? !target.split('?', 1)[0]?.includes('\\') : /^https?:\/\//i.test(target)) return undefined
  const why = target.startsWith('/') ? 'has a backslash in its path' : 'is not a path starting with /'
  return { message: `the request target "${shown(target)}" ${why}; einvoice serves paths under /api (RFC 9112 §3.2)`, detail: 'invalid', field: 'target' }
}

/**
 * Before the adapter sees the request: a missing or unusable Host is replaced by the authority
 * the request came in on, so that the app can answer it, and the request is marked for refusal
 * unless it is HTTP/1.0 without Host. A target the adapter cannot read becomes `/`, marked too.
 */
export function checkRequestHost(req: IncomingMessage): void {
  const target = targetProblem(req.url ?? '')
  if (target !== undefined) {
    req.url = '/'
    ;(req as CheckedRequest)[HOST_PROBLEM] = target
  }
  const host = req.headers.host
  let problem: HostProblem | undefined
  if (host === undefined) {
    if (req.httpVersionMajor === 1 && req.httpVersionMinor === 0) {
      req.headers.host = localAuthority(req.socket)
      return
    }
    problem = { message: `the Host header is missing; HTTP/${req.httpVersion} requires it (RFC 9112 §3.2)`, detail: 'missing' }
  } else {
    // The usual request passes with two regular expressions and a look at the header names.
    problem = hostValueProblem(host)
    if (problem === undefined) {
      const lines = hostLines(req.rawHeaders)
      if (lines < 2) return
      problem = { message: `the Host header is sent ${lines} times; it must be sent once (RFC 9112 §3.2)`, detail: 'repeated' }
    }
  }
  req.headers.host = localAuthority(req.socket)
  // A bad target is named first: its request is refused either way.
  ;(req as CheckedRequest)[HOST_PROBLEM] ??= problem
}

/** What `checkRequestHost` found wrong with the request's Host, if anything. */
export function hostProblemOf(req: IncomingMessage | undefined): HostProblem | undefined {
  return (req as CheckedRequest | undefined)?.[HOST_PROBLEM]
}
