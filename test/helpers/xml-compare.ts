/**
 * Runs the scanner (parseXml) and the saxes reference (test/helpers/saxes-parse.ts) on the same input
 * and describes the first difference: accept vs reject, error code and message, or tree content.
 */
import { EInvoiceError } from '../../src/errors.js'
import { parseXml } from '../../src/xml/index.js'
import type { XmlDocument, XmlElement } from '../../src/xml/index.js'
import { parseXmlWithSaxes } from './saxes-parse.js'

export type Outcome = { doc: XmlDocument; error?: undefined } | { doc?: undefined; error: unknown }

export function outcome(parse: (input: Uint8Array | string) => XmlDocument, input: Uint8Array | string): Outcome {
  try {
    return { doc: parse(input) }
  } catch (error) {
    return { error }
  }
}

const where = (el: XmlElement): string => `<${el.qname}> at ${el.line}:${el.column}`

/** First difference between two element trees (fields, attributes, parent links, shared empty arrays), or undefined. */
export function treeDifference(a: XmlElement, b: XmlElement): string | undefined {
  const pending: [XmlElement, XmlElement][] = [[a, b]]
  while (pending.length > 0) {
    const [x, y] = pending.pop() as [XmlElement, XmlElement]
    for (const key of ['ns', 'local', 'qname', 'text', 'line', 'column'] as const) {
      if (x[key] !== y[key]) return `${where(y)}: ${key} ${JSON.stringify(x[key])} vs ${JSON.stringify(y[key])}`
    }
    if (JSON.stringify(x.attributes) !== JSON.stringify(y.attributes)) {
      return `${where(y)}: attributes ${JSON.stringify(x.attributes)} vs ${JSON.stringify(y.attributes)}`
    }
    if (Object.isFrozen(x.attributes) !== Object.isFrozen(y.attributes) || Object.isFrozen(x.children) !== Object.isFrozen(y.children)) {
      return `${where(y)}: shared empty arrays differ`
    }
    if (x.children.length !== y.children.length) return `${where(y)}: ${x.children.length} vs ${y.children.length} children`
    x.children.forEach((c, k) => {
      pending.push([c, y.children[k] as XmlElement])
    })
    if (x.children.some((c) => c.parent !== x)) return `${where(x)}: a child's parent link is wrong`
  }
  return undefined
}

export type Comparison = {
  /** Set when the two parsers disagree in a way the scanner must not (accept/reject, code, tree). */
  mismatch?: string | undefined
  /** Both refused, with different messages (same code). */
  messageDiffers?: { scanner: string; saxes: string } | undefined
  accepted: boolean
}

/** Compares parseXml with the saxes reference on one input. */
export function compareParsers(input: Uint8Array | string): Comparison {
  const mine = outcome(parseXml, input)
  const ref = outcome(parseXmlWithSaxes, input)
  if (mine.error !== undefined && !(mine.error instanceof EInvoiceError)) {
    return { mismatch: `scanner threw a non-EInvoiceError: ${String(mine.error)}`, accepted: false }
  }
  if (mine.doc !== undefined && ref.doc !== undefined) {
    const diff = treeDifference(mine.doc.root, ref.doc.root)
    if (diff !== undefined) return { mismatch: `trees differ: ${diff}`, accepted: true }
    const pis = [JSON.stringify(mine.doc.processingInstructions), JSON.stringify(ref.doc.processingInstructions)]
    if (pis[0] !== pis[1]) return { mismatch: `processing instructions differ: ${pis[0]} vs ${pis[1]}`, accepted: true }
    return { accepted: true }
  }
  if (mine.doc !== undefined) return { mismatch: `scanner accepts, saxes refuses: ${String(ref.error)}`, accepted: true }
  const mineError = mine.error as EInvoiceError
  if (ref.doc !== undefined) return { mismatch: `scanner refuses, saxes accepts: ${mineError.message}`, accepted: false }
  const refError = ref.error as EInvoiceError
  if (mineError.errorCode !== refError.errorCode) {
    return { mismatch: `error codes differ: ${mineError.errorCode} vs ${refError.errorCode}`, accepted: false }
  }
  if (mineError.message !== refError.message) return { messageDiffers: { scanner: mineError.message, saxes: refError.message }, accepted: false }
  return { accepted: false }
}
