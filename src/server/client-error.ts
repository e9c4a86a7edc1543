/**
 * Requests Node's HTTP parser cannot read (a bad Content-Length, a broken chunk size, a control
 * character in a header …) never reach the app: Node answers them itself with an empty
 * `400 Bad Request`. This listener answers them with the documented ApiErrorResponse instead,
 * naming the parser's reason and the byte offset where reading stopped, and logs them.
 * @module
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Logger } from 'pino'
import { type ApiErrorResponse, concreteMediaType } from './errors.js'
import { LINGER_MS } from './linger.js'
import { hostValueProblem, localAuthority } from './request-host.js'

/** What Node attaches to a parser error (lib/_http_server.js, `socketOnError`). */
type ClientError = Error & { code?: string; reason?: string; bytesParsed?: number; rawPacket?: Buffer }

/** Printable ASCII only: the text is echoed in JSON and logged, not executed, but keep it readable. */
function printable(text: string, max: number): string {
  return /^[\x21-\x7e]*$/.test(text) ? text.slice(0, max) : ''
}

/** The request line and the Host header of the raw bytes, when the parser got that far. */
function requestHead(raw: Buffer | undefined): { method: string | undefined; target: string; host: string | undefined } {
  const head = raw === undefined ? '' : raw.subarray(0, Math.min(raw.length, 16 * 1024)).toString('latin1')
  const line = /^([A-Z]+) (\S+) HTTP\/\d\.\d(?:\r\n|$)/.exec(head)
  const end = head.indexOf('\r\n\r\n')
  const host = /\r\nhost:[ \t]*([^\r\n]*?)[ \t]*\r\n/i.exec(end === -1 ? head : head.slice(0, end + 2))?.[1]
  return { method: line?.[1], target: printable(line?.[2] ?? '', 1024), host }
}

/**
 * Who the answer is for: the request whose body the error is in (`unfinished`: Node read its
 * head, request-host.ts gave it a usable Host), else what the raw bytes show. `requestUrl` is
 * absolute like every other answer's: the Host sent when it is usable, else the address the
 * connection came in on, before an origin-form target; an absolute-form target as it is; ''
 * when not even the request line could be read.
 */
function requestOf(err: ClientError, socket: Socket, unfinished: IncomingMessage | undefined): { method: string | undefined; target: string; requestUrl: string } {
  const { method, target, host } =
    unfinished === undefined ? requestHead(err.rawPacket) : { method: unfinished.method, target: printable(unfinished.url ?? '', 1024), host: unfinished.headers.host }
  if (!target.startsWith('/')) return { method, target, requestUrl: target }
  const authority = host !== undefined && host.length <= 255 && hostValueProblem(host) === undefined ? host : localAuthority(socket)
  return { method, target, requestUrl: `http://${authority}${target}` }
}

function rawResponse(status: number, statusText: string, requestId: string, body?: ApiErrorResponse, mediaType = 'application/json'): string {
  // The Date an origin server must send (RFC 9110 §6.6.1) and the X-Request-Id of the log line.
  const head = `HTTP/1.1 ${status} ${statusText}\r\nDate: ${new Date().toUTCString()}\r\nX-Request-Id: ${requestId}\r\n`
  if (body === undefined) return `${head}Connection: close\r\n\r\n`
  const text = JSON.stringify(body)
  return `${head}Content-Type: ${mediaType}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`
}

/** Connections whose later chunks the parser reports as errors again: they are ignored. */
const closing = new WeakSet<Socket>()
/** Connections already ended and waiting for the client (closeGently ran). */
const lingering = new WeakSet<Socket>()

/**
 * Sends the last bytes (if the connection is still writable) and closes once the client does, or
 * after LINGER_MS. Node reads and drops what the client still sends (its 'data' listener is a
 * no-op after a parser error); closing at once reset the connection under an upload still
 * coming, and the client lost the answer (linger.ts).
 */
function closeGently(socket: Socket, last?: string): void {
  closing.add(socket)
  if (lingering.has(socket)) return
  lingering.add(socket)
  if (socket.writable) socket.end(last ?? '')
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('end', () => socket.destroy())
  socket.once('close', () => clearTimeout(timer))
  socket.resume()
}

/**
 * The newest request of each connection whose answer is not out yet. Bytes after a complete
 * request (a body longer than its Content-Length) reach the parser as the next request while the
 * app still works on the first; answering them at once wrote the 400 in place of the first answer.
 */
const pending = new WeakMap<Socket, { req: IncomingMessage; res: ServerResponse }>()

function trackPendingAnswers(server: Server): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    pending.set(socket, { req, res })
    const done = () => {
      if (pending.get(socket)?.res === res) pending.delete(socket)
    }
    res.once('finish', done)
    res.once('close', done)
  })
}

/**
 * Answers requests Node's parser cannot read on `server` (its `clientError` event). Like Node's
 * own listener, it answers only when nothing was written on the connection yet, then closes it;
 * when a complete request before the unreadable bytes is still being answered, that answer goes
 * out first (answers keep the order of requests, RFC 9112 §9.3.2). Oversized headers get a bare
 * 431 as from Node (docs/server.md); a request Node timed out gets 408 REQUEST_TIMEOUT. Every
 * answer has a Date and the X-Request-Id of its log line, as the app's answers do.
 */
export function answerUnreadableRequests(server: Server, logger: Logger, errorMediaTypeOf: (path: string) => string | undefined = () => undefined): void {
  trackPendingAnswers(server)
  server.on('clientError', (err: ClientError, socket: Socket) => {
    const code = err.code ?? 'UNKNOWN'
    if (closing.has(socket)) return
    // A connection reset by the client: there is nobody to answer.
    if (code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }
    // A request whose body is still arriving is the one the error is in; one read whole is not.
    const newest = pending.get(socket)
    const earlier = newest?.req.complete === true ? newest.res : undefined
    const unfinished = newest?.req.complete === false ? newest.req : undefined
    if (earlier !== undefined) {
      closing.add(socket)
      socket.pause()
      // After an answer marked Connection: close (the request asked for it, so the bytes after it
      // are HPE_CLOSED_CONNECTION), Node ends the connection itself with destroySoon(), which
      // destroys it as soon as the answer is written: under bytes still arriving that resets the
      // connection, and the client loses the answer. Close as gently instead, without the 400.
      socket.destroySoon = () => closeGently(socket)
      earlier.once('finish', () => closeGently(socket, socket.writable ? errorResponse(err, code, socket, undefined, logger, errorMediaTypeOf) : undefined))
      earlier.once('close', () => earlier.writableFinished || socket.destroy())
      return
    }
    // Bytes after a request that are no request, its answer already out in part or whole: none
    // can follow it cleanly; close as gently as after an answer.
    if (socket.bytesWritten > 0) {
      closeGently(socket, '')
      return
    }
    closeGently(socket, errorResponse(err, code, socket, unfinished, logger, errorMediaTypeOf))
  })
}

/** The raw answer to an unreadable request, logged. */
function errorResponse(
  err: ClientError,
  code: string,
  socket: Socket,
  unfinished: IncomingMessage | undefined,
  logger: Logger,
  errorMediaTypeOf: (path: string) => string | undefined,
): string {
  const requestId = randomUUID()
  const { method, target, requestUrl } = requestOf(err, socket, unfinished)
  const offset = err.bytesParsed ?? 0
  let response: string
  if (code === 'HPE_HEADER_OVERFLOW') response = rawResponse(431, 'Request Header Fields Too Large', requestId)
  else if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    response = rawResponse(408, 'Request Timeout', requestId, {
      requestUrl,
      httpCode: 408,
      errorCode: 'REQUEST_TIMEOUT',
      message: 'the request did not arrive completely in time',
      details: { request: 'incomplete' },
    })
  } else {
    const status = code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW' ? 413 : 400
    const reason = (err.reason ?? err.message).replace(/[^\x20-\x7e]/g, '?').slice(0, 200)
    // A 400 has the endpoint's own media type (docs/server.md) when the target names one.
    const path = target.replace(/^https?:\/\/[^/?#]*/i, '').split('?', 1)[0] ?? ''
    const mediaType = status === 400 ? concreteMediaType(errorMediaTypeOf(path) ?? 'application/json') : undefined
    response = rawResponse(status, status === 413 ? 'Payload Too Large' : 'Bad Request', requestId, {
      requestUrl,
      httpCode: status,
      errorCode: 'INVALID_REQUEST',
      message: `the request is not readable HTTP/1.1: ${reason} (${code}) at byte ${offset} of what arrived`,
      details: { request: reason, code, offset: String(offset) },
    }, mediaType)
  }
  logger.info({ reqId: requestId, method, path: target, status: Number(response.slice(9, 12)), code, offset }, 'unreadable request')
  return response
}
