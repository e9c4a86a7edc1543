/**
 * A staged close (RFC 9112 §9.6) for answers sent before the request body was read: a refusal
 * by the gateway, a 405, a 413 on Content-Length. Node closes such a connection as soon as the
 * answer is out; the client is then still sending, its next bytes meet a closed socket, and the
 * reset that comes back makes it lose the answer it has not read yet (a curl or urllib upload with
 * a bad key saw "connection reset" instead of the 401). So the rest of the body is read and
 * dropped until it ends, the client closes, or `LINGER_MS` passes, and only then is the
 * connection closed.
 * @module
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

/** How long a client may go on sending a body nobody reads once its answer is out. */
export const LINGER_MS = 2_000

export function lingerAfterEarlyAnswers(server: Server, lingerMs = LINGER_MS): void {
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // Registered after Node's own 'finish' handler, which has just asked the socket to close.
    res.once('finish', () => {
      const socket = req.socket
      if (req.complete || socket.destroyed) return
      // Node's destroySoon(): end() now (the answer and a FIN go out), destroy() on 'finish'. Keep
      // the end, drop the destroy until the client is done.
      if (socket.listeners('finish').includes(socket.destroy)) socket.removeListener('finish', socket.destroy)
      else if (socket.writable) return // kept alive: Node reads the rest of the body itself
      const close = () => {
        clearTimeout(timer)
        socket.destroy()
      }
      const timer = setTimeout(close, lingerMs)
      timer.unref()
      req.once('end', close)
      req.once('close', close)
      socket.once('end', close)
      socket.once('close', () => clearTimeout(timer))
      req.resume()
    })
  })
}
