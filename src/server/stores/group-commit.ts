/**
 * Group commit: the calls made during one turn of the event loop are handed together, once, to
 * a synchronous `commit` (one database transaction for all of them), and each call's promise
 * settles only after that commit returned. A server under load then pays one commit per batch
 * of concurrent requests instead of one per request, and no request is answered before it is
 * durable.
 * @module
 */

type Waiting<T, R> = { item: T; resolve(result: R): void; reject(err: unknown): void; since: number }

export type GroupCommitOptions = {
  /** Errors after which the batch is committed again later (a lock held by another process). */
  retryable?: ((err: unknown) => boolean) | undefined
  /** How long a call's batch keeps being retried before the call fails with the error. @default 0 */
  retryForMs?: number | undefined
}

/** Pause between retries: short against the lock holder's transaction, long against a spin. */
const RETRY_PAUSE_MS = 20

export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = []
  private retryTimer: NodeJS.Timeout | undefined

  /** @param commit decides and stores all items at once; returns one result per item, in order. */
  constructor(
    private readonly commit: (items: readonly T[]) => readonly R[],
    private readonly options: GroupCommitOptions = {},
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request whose headers
      // arrived in it has reached its submit() by then. While a retry is pending, the call joins it.
      if (this.waiting.length === 0 && this.retryTimer === undefined) setImmediate(() => this.flush())
      this.waiting.push({ item, resolve, reject, since: performance.now() })
    })
  }

  /**
   * Commits what is waiting now (also called on close, `final`, so nothing submitted is dropped).
   * A retryable failure leaves the batch waiting for another try, without blocking the thread,
   * until its oldest call has waited `retryForMs`; then every call of it fails with the error.
   */
  flush(flushOptions: { final?: boolean } = {}): void {
    if (this.retryTimer !== undefined) {
      clearTimeout(this.retryTimer)
      this.retryTimer = undefined
    }
    const batch = this.waiting
    if (batch.length === 0) return
    this.waiting = []
    let results: readonly R[]
    try {
      results = this.commit(batch.map((w) => w.item))
    } catch (err) {
      const oldest = (batch[0] as Waiting<T, R>).since
      const retry = flushOptions.final !== true && this.options.retryable?.(err) === true && performance.now() - oldest < (this.options.retryForMs ?? 0)
      if (retry) {
        this.waiting = batch.concat(this.waiting)
        this.retryTimer = setTimeout(() => this.flush(), RETRY_PAUSE_MS)
        return
      }
      for (const w of batch) w.reject(err)
      return
    }
    batch.forEach((w, i) => w.resolve(results[i] as R))
  }
}
