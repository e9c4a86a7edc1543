/**
 * Group commit: the calls made during one turn of the event loop are handed together, once, to
 * a synchronous `commit` (one database transaction for all of them), and each call's promise
 * settles only after that commit returned. A server under load then pays one commit per batch
 * of concurrent requests instead of one per request, and no request is answered before it is
 * durable.
 * @module
 */

type Waiting<T, R> = { item: T; resolve(result: R): void; reject(err: unknown): void }

export class GroupCommit<T, R> {
  private waiting: Waiting<T, R>[] = []

  /** @param commit decides and stores all items at once; returns one result per item, in order. */
  constructor(private readonly commit: (items: readonly T[]) => readonly R[]) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request whose headers
      // arrived in it has reached its submit() by then.
      if (this.waiting.length === 0) setImmediate(() => this.flush())
      this.waiting.push({ item, resolve, reject })
    })
  }

  /** Commits what is waiting now (also called on close, so nothing submitted is dropped). */
  flush(): void {
    const batch = this.waiting
    if (batch.length === 0) return
    this.waiting = []
    let results: readonly R[]
    try {
      results = this.commit(batch.map((w) => w.item))
    } catch (err) {
      for (const w of batch) w.reject(err)
      return
    }
    batch.forEach((w, i) => w.resolve(results[i] as R))
  }
}
