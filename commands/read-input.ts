/**
 * The CLI's input reads, bounded. No operation takes more than MAX_INPUT_BYTES (PDFs: 100 MiB,
 * src/pdf/limits.ts; XML: 50 MiB), yet a plain read took whatever came: `einvoice validate /dev/zero`
 * or `cat big | einvoice calculate` grew until the process ran out of memory. A regular file is
 * refused on its size before reading; a device, pipe or standard input once more arrived than that.
 * @module
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs'
import { EInvoiceError } from '../src/errors.js'

/**
 * The largest input of any operation (a PDF, src/pdf/limits.ts MAX_PDF_BYTES; not imported, as that
 * module loads pdf-lib at every CLI start; test/cli/read-input.test.ts keeps the two equal).
 */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024

function tooLarge(name: string, size: number | undefined, limit: number): EInvoiceError {
  const what = size === undefined ? `more than ${limit} bytes arrived` : `it is ${size} bytes`
  return new EInvoiceError('INPUT_TOO_LARGE', `${what}, more than the ${limit / 1024 / 1024} MiB any operation reads; refused`, {
    details: { input: name, limit: String(limit) },
  })
}

/** A file's bytes (synchronously: a third of the CPU of fs/promises' readFile for small files). */
export function readInputFile(path: string, limit = MAX_INPUT_BYTES): Buffer {
  const fd = openSync(path, 'r')
  try {
    const stat = fstatSync(fd)
    if (stat.isDirectory()) throw Object.assign(new Error(`${path}: EISDIR`), { code: 'EISDIR', path })
    if (stat.isFile()) {
      if (stat.size > limit) throw tooLarge(path, stat.size, limit)
      return readFileSync(fd)
    }
    const chunks: Buffer[] = []
    let total = 0
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024)
      const n = readSync(fd, chunk, 0, chunk.length, null)
      if (n === 0) return Buffer.concat(chunks, total)
      total += n
      if (total > limit) throw tooLarge(path, undefined, limit)
      chunks.push(n === chunk.length ? chunk : chunk.subarray(0, n))
    }
  } finally {
    closeSync(fd)
  }
}

/** A stream's bytes up to `limit`; more is refused as soon as it arrives. */
export async function readInputStream(stream: NodeJS.ReadableStream, name: string, limit = MAX_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    total += bytes.length
    if (total > limit) throw tooLarge(name, undefined, limit)
    chunks.push(bytes)
  }
  return Buffer.concat(chunks, total)
}
