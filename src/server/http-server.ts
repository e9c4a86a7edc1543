/**
 * The Node HTTP server under the app (`startServer`): the Node adapter's request listener, plus
 * what HTTP/1.1 asks of a server beyond what Node and the adapter do (docs/server.md): a missing
 * or unusable Host answered by the app (request-host.ts), `100 Continue` only once the body is
 * read (expect-continue.ts), the documented answer to requests the parser
 * cannot read (client-error.ts) and the staged close after an answer sent before the body
 * (linger.ts).
 * @module
 */
import { type Server, createServer } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import type { Logger } from 'pino'
import { answerUnreadableRequests } from './client-error.js'
import { continueWhenBodyIsRead } from './expect-continue.js'
import { lingerAfterEarlyAnswers } from './linger.js'
import { checkRequestHost } from './request-host.js'

type Fetch = Parameters<typeof getRequestListener>[0]

/**
 * @param errorMediaTypeOf the 400 media type of an endpoint path (for requests the parser cannot
 *   read), undefined off the endpoints.
 */
export function createHttpServer(fetch: Fetch, logger: Logger, errorMediaTypeOf: (path: string) => string | undefined): Server {
  const listener = getRequestListener(fetch)
  // Node's own check answers a missing Host with an empty 400; request-host.ts and the app answer it.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    checkRequestHost(req)
    // The listener answers its own failures (a 500); its promise carries nothing more.
    void listener(req, res)
  })
  continueWhenBodyIsRead(server)
  // Requests Node cannot parse get the documented error body, not Node's empty 400.
  answerUnreadableRequests(server, logger, errorMediaTypeOf)
  lingerAfterEarlyAnswers(server)
  return server
}
