/**
 * Turns an operation's output into the HTTP response: the operation's media type, its warnings
 * as `X-EInvoice-Warning` headers, and the `returnJSON` envelope for operations that declare a
 * `returnJSON` parameter (xmltopdf, combine, combineXML).
 * @module
 */
import type { Context } from 'hono'
import type { Operation, OperationOutput, ParamValue } from '../operations/types.js'
import { contentDisposition } from './content-disposition.js'
import type { ServerEnv } from './context.js'
import { takeResponseHeaders } from './response-headers.js'

/** The `returnJSON=true` answer: the file and what one needs to know about it, in one JSON. */
export type ReturnJsonEnvelope = {
  /** Suggested file name (e.g. invoice.pdf), or `result` plus an extension from the media type. */
  fileName: string
  mediaType: string
  /** Size of the file in bytes (of the decoded content). */
  size: number
  /** The file, base64 (RFC 4648 §4). */
  content: string
  warnings: string[]
}

export const WARNING_HEADER = 'x-einvoice-warning'

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': '.pdf',
  'application/xml': '.xml',
  'application/json': '.json',
  'text/html': '.html',
  'text/plain': '.txt',
}

/** Header values are Latin-1 without controls (RFC 9110 §5.5): percent-encode the rest. */
export function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (ch) => (ch === '\r' || ch === '\n' || ch === '\t' ? ' ' : encodeURIComponent(ch)))
}

function bytesOf(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body
}

/**
 * The body as the adapter writes it. Text stays text: Node then sends the head and the body in
 * one write, encoding the text straight into it (the adapter measures it with `Buffer.byteLength`,
 * which flattens a text built from many pieces at once). Encoding it here first (`Buffer.from`)
 * cost a copy and made every answer a two-part `writev` (docs/server.md, round 4). Bytes go over a
 * plain ArrayBuffer (a shared one is copied).
 */
function toData(body: Uint8Array | string): Uint8Array<ArrayBuffer> | string {
  if (typeof body === 'string') return body
  return body.buffer instanceof ArrayBuffer ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : Uint8Array.from(body)
}

function withCharset(mediaType: string, body: Uint8Array | string): string {
  return typeof body === 'string' && mediaType.startsWith('text/') && !mediaType.includes('charset') ? `${mediaType}; charset=utf-8` : mediaType
}

/**
 * The file's own media type for the envelope. The raw answers of xmltopdf, combine and combineXML
 * are `application/octet-stream` as the interface declares them, but a client picks its handler
 * by the envelope's `mediaType`, so it names what the file is, found from the file name.
 */
function fileMediaType(mediaType: string, fileName: string | undefined): string {
  if (mediaType.split(';')[0]?.trim() !== 'application/octet-stream' || fileName === undefined) return mediaType
  const ext = /\.[a-z]+$/i.exec(fileName)?.[0].toLowerCase()
  return Object.keys(EXTENSIONS).find((type) => EXTENSIONS[type] === ext) ?? mediaType
}

export function envelope(out: OperationOutput): ReturnJsonEnvelope {
  const bytes = bytesOf(out.body)
  const ext = EXTENSIONS[out.mediaType.split(';')[0]?.trim() ?? ''] ?? ''
  return {
    fileName: out.fileName ?? `result${ext}`,
    mediaType: fileMediaType(out.mediaType, out.fileName),
    size: bytes.length,
    content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'),
    warnings: out.warnings,
  }
}

/**
 * The 200 response, with the headers the gateway recorded. Built as a plain Response with a
 * plain header record: the Node adapter writes that straight out (see response-headers.ts).
 */
export function respond(c: Context<ServerEnv>, op: Operation, out: OperationOutput, params: Readonly<Record<string, ParamValue>>): Response {
  const headers = takeResponseHeaders(c)
  // Several warnings travel as one comma-separated field (RFC 9110 §5.3), as Headers.append sends them.
  if (out.warnings.length > 0) headers[WARNING_HEADER] = out.warnings.map(headerSafe).join(', ')
  if (params['returnJSON'] === true && op.params.some((p) => p.name === 'returnJSON')) {
    headers['content-type'] = 'application/json'
    return new Response(JSON.stringify(envelope(out)), { status: 200, headers })
  }
  const mediaType = out.mediaType === '' ? op.outputMediaType : out.mediaType
  if (out.fileName !== undefined) headers['content-disposition'] = contentDisposition(out.fileName)
  headers['content-type'] = withCharset(mediaType, out.body)
  return new Response(toData(out.body), { status: 200, headers })
}
