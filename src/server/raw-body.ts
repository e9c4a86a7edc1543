/**
 * Reads a raw request body. Under `einvoice serve` the bytes come straight from Node's
 * IncomingMessage (the Node adapter hands it over as `c.env.incoming`): the adapter's own body
 * reading copies the bytes once more into an ArrayBuffer and schedules a microtask through an
 * async resource on every request. Without an IncomingMessage (`app.request()`, `app.fetch()`),
 * the web Request's body is read instead.
 * @module
 */
import { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { ServerEnv } from './context.js'
import { HttpProblem } from './errors.js'

/** The IncomingMessage of a request served by the Node adapter, or undefined (tests, other runtimes). */
export function nodeIncoming(c: Context<ServerEnv>): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
  return incoming instanceof IncomingMessage ? incoming : undefined
}

/** The 413 of a body over the limit; the body-limit middleware answers the same for Content-Length. */
export function payloadTooLarge(maxBytes: number): HttpProblem {
  return new HttpProblem(413, 'PAYLOAD_TOO_LARGE', `the request body is larger than the limit of ${maxBytes} bytes`, { limit: String(maxBytes) })
}

/**
 * A body cut short by the client. Nobody receives the answer, but the access log then shows a
 * client's 400 with a reason instead of a server error.
 */
export function requestAborted(cause: unknown): HttpProblem {
  const why = cause instanceof Error && cause.message !== '' ? ` (${cause.message})` : ''
  return new HttpProblem(400, 'REQUEST_ABORTED', `the client closed the connection before the request body was complete${why}`, { body: 'incomplete' })
}

/**
 * Collects the body of `incoming`, counting bytes against `maxBytes` (a chunked body has no
 * Content-Length to check beforehand).
 * @throws HttpProblem PAYLOAD_TOO_LARGE past the limit (reading stops there); REQUEST_ABORTED when
 *   the client goes away mid-body.
 */
export function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  // The client went away while the request waited for its turn (e.g. the usage count).
  if (incoming.errored !== null) return Promise.reject(requestAborted(incoming.errored))
  if (incoming.readableEnded || incoming.readableDidRead) return Promise.reject(new TypeError('the request body has already been read'))
  if (incoming.destroyed) return Promise.reject(requestAborted(undefined))
  if (incoming.complete) return takeBuffered(incoming, maxBytes)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      incoming.off('data', onData)
      incoming.off('end', onEnd)
      incoming.off('error', onError)
      incoming.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        done()
        // The rest is not read: the 413 goes out with Connection: close.
        incoming.pause()
        reject(payloadTooLarge(maxBytes))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      // One chunk is the usual case for a small body: no copy then.
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size))
    }
    const onError = (err: Error) => {
      done()
      reject(requestAborted(err))
    }
    const onClose = () => {
      done()
      reject(requestAborted(incoming.errored))
    }
    incoming.on('data', onData)
    incoming.on('end', onEnd)
    incoming.on('error', onError)
    incoming.on('close', onClose)
  })
}

/**
 * A body that has fully arrived (`complete`: Node's parser saw its end) is all in the stream's
 * buffer: a small body comes in the packet of the headers, and the gateway's usage count waited a
 * turn. It is taken with one `read()`, without the four listeners, the switch to flowing mode and
 * the ticks of reading it as a stream (docs/server.md, round 5). The stream then ends on the next
 * tick ('end'); the body is handed over only after that, as the stream reader does: the adapter
 * drains a request that has not ended when its response closes.
 */
function takeBuffered(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  if (incoming.readableLength > maxBytes) return Promise.reject(payloadTooLarge(maxBytes))
  // read() joins several buffered chunks (one is handed over as it is); null when there are none.
  const body = (incoming.read() as Buffer | null) ?? Buffer.alloc(0)
  // read() queued the stream's end as a tick; this one runs after it (ticks run in order).
  return new Promise((resolve) => process.nextTick(resolve, body))
}

/** The raw body of the request: from Node's IncomingMessage when there is one, else the web Request. */
export function readRawBody(c: Context<ServerEnv>, maxBytes: number): Promise<Uint8Array> {
  const incoming = nodeIncoming(c)
  // Handed on as it is (no async wrapper): an async function returning a promise adds ticks.
  if (incoming !== undefined) return readIncoming(incoming, maxBytes)
  // The body-limit middleware counts a streamed web body (and answers 413 itself).
  return c.req.arrayBuffer().then((buffer) => new Uint8Array(buffer))
}
