/**
 * `Expect: 100-continue` (RFC 9110 §10.1.1): the client waits for `100 Continue` before it sends
 * the body. Node sent it at once, before the gateway and the body limit had looked at the
 * request, so a client without a valid key, over its rate limit or with a Content-Length over
 * `--max-body` uploaded its megabytes only to be refused. Now `100 Continue` goes out when the
 * app first reads the body, which it does only once the gateway and the Content-Length check
 * have passed; a request refused before gets its final answer instead, and Node then marks that
 * answer `Connection: close` (the client may or may not send the body after it).
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { announcesBody } from './body-framing.js'

/**
 * Sends `100 Continue` on the first read of `req`'s body (`_read` is where a Readable asks for
 * more: a 'data' listener, `read()`, a pipe or the adapter's web stream), unless the answer has
 * started or the body is already there (the client did not wait).
 */
function continueOnFirstRead(req: IncomingMessage, res: ServerResponse): void {
  const read = req._read
  req._read = function readAfterContinue(size: number) {
    req._read = read
    if (!res.headersSent && !req.complete && req.readableLength === 0) res.writeContinue()
    read.call(req, size)
  }
}

/** Handles `Expect: 100-continue` on `server` (its 'checkContinue' event) as described above. */
export function continueWhenBodyIsRead(server: Server): void {
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    // No body announced: answered as Node does, 100 at once (nothing is uploaded for nothing).
    if (announcesBody(req.headers['content-length'], req.headers['transfer-encoding'])) continueOnFirstRead(req, res)
    else res.writeContinue()
    server.emit('request', req, res)
  })
}
