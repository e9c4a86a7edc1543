/**
 * The per-request time limit. A request still reading its body when time runs out gets 408
 * REQUEST_TIMEOUT (the client was too slow, RFC 9110 §15.5.9); one whose operation is still
 * running gets 503 TIMEOUT with Retry-After. The operation is told through the context's
 * `deadline.signal` (a pooled operation's worker is stopped).
 * @module
 */
import type { MiddlewareHandler } from 'hono'
import type { ServerEnv } from './context.js'
import { HttpProblem, toErrorResponse } from './errors.js'

/** The signal of one request's time limit, created only when someone asks for it. */
export class RequestDeadline {
  private controller: AbortController | undefined
  private reason: HttpProblem | undefined

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController()
      if (this.reason !== undefined) this.controller.abort(this.reason)
    }
    return this.controller.signal
  }

  expire(reason: HttpProblem): void {
    this.reason = reason
    this.controller?.abort(reason)
  }
}

export function requestTimeout(ms: number): MiddlewareHandler<ServerEnv> {
  return function requestTimer(c, next) {
    const deadline = new RequestDeadline()
    c.set('deadline', deadline)
    // One promise settled by whichever ends first, the route or the timer: on every request's
    // path, so no Promise.race over two extra promises.
    return new Promise<Response | undefined>((resolve, reject) => {
      const timer = setTimeout(() => {
        const problem =
          c.get('phase') === 'running'
            ? new HttpProblem(503, 'TIMEOUT', `the operation did not finish within ${ms} ms`, { timeoutMs: String(ms) })
            : new HttpProblem(408, 'REQUEST_TIMEOUT', `the request body did not arrive within ${ms} ms`, { timeoutMs: String(ms) })
        deadline.expire(problem)
        resolve(toErrorResponse(problem, c.req.url, 'application/json') as Response)
      }, ms)
      next().then(
        () => {
          clearTimeout(timer)
          resolve(undefined)
        },
        (err: unknown) => {
          clearTimeout(timer)
          reject(err)
        },
      )
    })
  }
}
