/**
 * A buffered destination for the server's pino logger: lines are collected in memory and written
 * to a file descriptor in blocks (at 64 KB, or 100 ms after the first line of a block), one
 * asynchronous write at a time so the order is kept. One write per request cost more than the
 * rest of a `ping`; sonic-boom's buffered mode re-measures its whole buffer on every line.
 * Lines still buffered when the process is killed are lost; `close()` writes them all.
 * @module
 */
import { write, writeSync } from 'node:fs'

export type LogWriterOptions = {
  /** Write when this many bytes are buffered. @default 65536 */
  maxBytes?: number | undefined
  /** Write at the latest this long after a line arrived. @default 100 */
  maxDelayMs?: number | undefined
}

export class BufferedLogWriter {
  private lines: string[] = []
  private size = 0
  private timer: NodeJS.Timeout | undefined
  /** The write in progress; the next block waits for it. */
  private writing: Promise<void> | undefined
  private readonly maxBytes: number
  private readonly maxDelayMs: number

  constructor(
    private readonly fd: number,
    options: LogWriterOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 64 * 1024
    this.maxDelayMs = options.maxDelayMs ?? 100
  }

  /** pino's destination interface: one serialised line (with its newline). */
  write(line: string): boolean {
    this.lines.push(line)
    this.size += line.length
    if (this.size >= this.maxBytes) void this.flush()
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), this.maxDelayMs)
      // A pending log block must not keep a stopped server alive; close() writes it.
      this.timer.unref()
    }
    return true
  }

  /** Writes what is buffered; resolves when it (and any write before it) is on the descriptor. */
  flush(callback?: (err?: Error) => void): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const previous = this.writing
    let done: Promise<void>
    if (this.lines.length === 0) done = previous ?? Promise.resolve()
    else {
      const block = Buffer.from(this.lines.join(''), 'utf8')
      this.lines = []
      this.size = 0
      done = (previous ?? Promise.resolve()).then(() => writeAll(this.fd, block))
    }
    this.writing = done
    void done.then(() => {
      if (this.writing === done) this.writing = undefined
    })
    if (callback !== undefined) void done.then(() => callback())
    return done
  }

  /** Writes everything buffered; call once nothing more will be logged. */
  close(): Promise<void> {
    return this.flush()
  }

  /** Last resort on process exit (no more event loop): writes the buffered lines synchronously. */
  flushSync(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.lines.length === 0) return
    const block = Buffer.from(this.lines.join(''), 'utf8')
    this.lines = []
    this.size = 0
    try {
      for (let offset = 0; offset < block.length; ) offset += writeSync(this.fd, block, offset)
    } catch {
      // stderr is gone or full at exit: nothing left to tell it.
    }
  }
}

/**
 * Writes all of `block`, continuing after partial writes and retrying while a full pipe answers
 * EAGAIN (stderr may be non-blocking). Another failure (a closed stderr) drops the block: the
 * log must never take the server down.
 */
function writeAll(fd: number, block: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const next = (offset: number) => {
      if (offset >= block.length) return resolve()
      write(fd, block, offset, block.length - offset, null, (err, written) => {
        if (err === null) next(offset + written)
        else if (err.code === 'EAGAIN') setTimeout(() => next(offset), 10)
        else resolve()
      })
    }
    next(0)
  })
}
