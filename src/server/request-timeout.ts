/**
 * The per-request time limit. A request still reading its body when time runs out gets 408
 * REQUEST_TIMEOUT (the client was too slow, RFC 9110 §15.5.9); one whose operation is still
 * running gets 503 TIMEOUT with Retry-After. The operation is told through the context's
 * `deadline.signal` (a pooled operation's worker is stopped).
 * @module
 */
import type { Context, MiddlewareHandler } from 'hono'
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

/** One request waiting in a `DeadlineQueue`; `expire` is cleared once the request finished. */
type Waiting = { expiresAt: number; expire: (() => void) | undefined }

/** Node fires longer timers after 1 ms; a longer limit is waited for in steps (re-armed). */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The timers of one time limit. Every request waits the same `ms`, so they expire in the order
 * they arrived: a FIFO queue with one Node timer, armed for its oldest unfinished request,
 * replaces a setTimeout/clearTimeout pair per request (docs/server.md, round 4). A request still
 * gets exactly its `ms` from its own start.
 */
export class DeadlineQueue {
  private queue: Waiting[] = []
  private head = 0
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly ms: number) {}

  /** Starts a request's time; `expire` runs once it is up, unless `finish` came first. */
  start(expire: () => void): Waiting {
    const waiting: Waiting = { expiresAt: performance.now() + this.ms, expire }
    this.queue.push(waiting)
    // An armed timer fires no later than the front request's time, which is before this one's.
    if (this.timer === undefined) this.timer = setTimeout(() => this.expireDue(), Math.min(this.ms, MAX_TIMER_MS))
    // The idle timer was unref'd: a request in the queue keeps the process alive as its own timer did.
    else if (this.head === this.queue.length - 1) this.timer.ref()
    return waiting
  }

  finish(waiting: Waiting): void {
    waiting.expire = undefined
    this.dropFinished()
  }

  /** Requests in the queue (finished ones not yet dropped included): for tests. */
  get size(): number {
    return this.queue.length - this.head
  }

  /** Drops finished requests from the front (requests mostly finish in order, so it stays short). */
  private dropFinished(): void {
    const queue = this.queue
    let head = this.head
    while (head < queue.length && (queue[head] as Waiting).expire === undefined) head++
    if (head === queue.length) {
      this.queue = []
      this.head = 0
      // Kept armed but idle: the next request needs no new timer, and an idle one holds nothing up.
      this.timer?.unref()
      return
    }
    // A slow request at the front holds finished ones behind it: copy the rest now and then.
    if (head >= 1024 && head * 2 >= queue.length) {
      this.queue = queue.slice(head)
      head = 0
    }
    this.head = head
  }

  private expireDue(): void {
    this.timer = undefined
    const now = performance.now()
    while (this.head < this.queue.length) {
      const waiting = this.queue[this.head] as Waiting
      if (waiting.expire !== undefined && waiting.expiresAt > now) break
      this.head++
      const expire = waiting.expire
      waiting.expire = undefined
      expire?.()
    }
    this.dropFinished()
    const front = this.queue[this.head]
    if (front !== undefined) this.timer = setTimeout(() => this.expireDue(), Math.min(MAX_TIMER_MS, Math.max(1, front.expiresAt - now)))
  }
}

/**
 * Runs a route's work within the time limit: resolves to the work's own Response (a 413 of the
 * body limit), to undefined when the work ended without one (the route set its answer), or to
 * the 408/503 when the time ran out first.
 */
export type TimeLimit = (c: Context<ServerEnv>, work: () => Promise<unknown>) => Promise<Response | undefined>

export function timeLimit(ms: number): TimeLimit {
  const deadlines = new DeadlineQueue(ms)
  return function withinTime(c, work) {
    const deadline = new RequestDeadline()
    c.set('deadline', deadline)
    // One promise settled by whichever ends first, the route or the time limit: on every
    // request's path, so no Promise.race over two extra promises.
    return new Promise<Response | undefined>((resolve, reject) => {
      const waiting = deadlines.start(() => {
        const problem =
          c.get('phase') === 'running'
            ? new HttpProblem(503, 'TIMEOUT', `the operation did not finish within ${ms} ms`, { timeoutMs: String(ms) })
            : new HttpProblem(408, 'REQUEST_TIMEOUT', `the request body did not arrive within ${ms} ms`, { timeoutMs: String(ms) })
        deadline.expire(problem)
        resolve(toErrorResponse(problem, c.req.url, 'application/json') as Response)
      })
      work().then(
        (res) => {
          deadlines.finish(waiting)
          resolve(res instanceof Response ? res : undefined)
        },
        (err: unknown) => {
          deadlines.finish(waiting)
          reject(err)
        },
      )
    })
  }
}

/** The time limit as a middleware of its own (the server runs `timeLimit` inside a route's gate, routes.ts). */
export function requestTimeout(ms: number): MiddlewareHandler<ServerEnv> {
  const withinTime = timeLimit(ms)
  // next() resolves to hono's context, never a Response: what the route answers is already set.
  return function requestTimer(c, next) {
    return withinTime(c, next)
  }
}
