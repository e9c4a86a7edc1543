/**
 * Bounded quotes of input in messages. An element name, a code or an identifier comes from the
 * document and may be megabytes long; a message that repeats it whole fills a terminal, a log
 * line or an HTTP error body with it and hides what the message says.
 * @module
 */

/** Longest quote of a value in a message. */
export const MAX_QUOTE = 200

/** Where a cut may fall: never between the halves of a surrogate pair. */
function cutAt(text: string, index: number): number {
  const code = text.charCodeAt(index - 1)
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index
}

/** `text`, or its start and how long it was when it is longer than `max` characters. */
export function excerpt(text: string, max = MAX_QUOTE): string {
  if (text.length <= max) return text
  return `${text.slice(0, cutAt(text, max))}… (${text.length} characters)`
}

/** Longest error message: a refusal that lists dozens of reasons (pdf2pdfa, combine's pre-flight) still fits. */
export const MAX_MESSAGE = 8000

/** Longest value of an error's details: one reason of such a list, or a quoted value. */
export const MAX_DETAIL = 1000

/**
 * `text` with its middle cut when it is longer than `max`: its start and end (where a message's
 * reason and advice sit) are kept. A safety net for messages built from unbounded input.
 */
export function excerptMiddle(text: string, max = MAX_MESSAGE): string {
  if (text.length <= max) return text
  const head = cutAt(text, Math.floor(max * 0.75))
  const tail = cutAt(text, text.length - Math.floor(max * 0.2))
  return `${text.slice(0, head)} … (${tail - head} characters left out) … ${text.slice(tail)}`
}
