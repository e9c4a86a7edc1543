/**
 * Raw HTTP/1.x over a socket, for tests that send what no HTTP client sends (no Host, a broken
 * Content-Length, a body cut short) or must see every byte the server writes (a 100 Continue).
 */
import { type Socket, connect } from 'node:net'

export type Raw = { text: string; error: string | undefined }

/** A step of the exchange: bytes to send, or a function that waits and sends on its own. */
export type Step = string | Buffer | ((socket: Socket, received: () => string) => Promise<void>)

/**
 * Sends `steps` over one connection to 127.0.0.1:`port`, as fast as the socket takes them;
 * collects the answer until the server closes (or `cutAfterMs` after the steps, the client does).
 */
export function rawExchange(port: number, steps: Step[], { cutAfterMs }: { cutAfterMs?: number } = {}): Promise<Raw> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    let text = ''
    let error: string | undefined
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    socket.on('close', () => resolve({ text, error }))
    socket.on('connect', () => {
      void (async () => {
        for (const step of steps) {
          if (typeof step === 'function') await step(socket, () => text)
          else socket.write(step)
        }
        if (cutAfterMs !== undefined) setTimeout(() => socket.destroy(), cutAfterMs)
      })()
    })
  })
}

/** Waits until the bytes received so far contain `text` (or `ms` passed); false when they never did. */
export async function waitFor(received: () => string, text: string, ms = 2000): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms; await new Promise((r) => setTimeout(r, 10))) {
    if (received().includes(text)) return true
  }
  return received().includes(text)
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string }

/** The first answer in `raw` (its body is everything after the head). */
export function parse(raw: string): RawAnswer {
  const end = raw.indexOf('\r\n\r\n')
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end + 4)
  const lines = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const l of lines.slice(1)) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim()
  return { status: Number(lines[0]?.split(' ')[1]), headers, body }
}
