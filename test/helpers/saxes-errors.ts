/**
 * For the saxes reference parser (test/helpers/saxes-parse.ts) only.
 * Rewords saxes' well-formedness errors into messages that say what is wrong and where it started
 * (the open element of a truncated file, the start tag an end tag fails to match).
 * @module
 */
import type { XmlElement } from '../../src/xml/types.js'

export type SaxesErrorContext = {
  text: string
  /** UTF-16 offset of the character saxes stopped at. */
  offset: number
  /** Innermost open element when the error fired. */
  current: XmlElement | undefined
  /** Element whose end tag saxes processed last (the one an unexpected end tag was checked against). */
  lastClosed: XmlElement | undefined
}

type Reword = (match: RegExpExecArray, ctx: SaxesErrorContext) => string

const at = (el: XmlElement | undefined): string => (el === undefined ? '' : ` opened at line ${el.line}, column ${el.column}`)

/** The name written after `open` (`</` or `&`) nearest before the offset. */
function nameBefore(ctx: SaxesErrorContext, open: string): string {
  const start = ctx.text.lastIndexOf(open, ctx.offset)
  if (start < 0) return ''
  return /^[^\s>;/]*/.exec(ctx.text.slice(start + open.length, start + open.length + 200))?.[0] ?? ''
}

function codePoint(ctx: SaxesErrorContext): string {
  const cp = ctx.text.codePointAt(ctx.offset) ?? 0
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0')
}

/** saxes message (without its `line:column: ` prefix) → our reason. First match wins. */
const REWORDS: [RegExp, Reword][] = [
  [/^unclosed tag: (.*)$/, (m, c) => `the input ends inside <${m[1]}>${at(c.current)} (truncated, or an end tag is missing)`],
  [/^unexpected end\.$/, () => 'the input ends in the middle of markup (truncated)'],
  [/^unexpected close tag\.$/, (_m, c) => `end tag </${nameBefore(c, '</')}> does not match <${c.lastClosed?.qname ?? '?'}>${at(c.lastClosed)}`],
  [/^unmatched closing tag: (.*)\.$/, (m) => `end tag </${m[1]}> has no matching start tag`],
  [/^unbound namespace prefix: "(.*)"\.$/, (m) => `namespace prefix "${m[1]}" is not declared (no xmlns:${m[1]} in scope)`],
  [/^disallowed character\.$/, (_m, c) => `character ${codePoint(c)} is not allowed in XML 1.0`],
  [/^malformed character entity\.$/, () => 'a character reference names a character not allowed in XML 1.0'],
  [
    /^undefined entity\.$/,
    (_m, c) => `undefined entity &${nameBefore(c, '&')}; (only &amp; &lt; &gt; &quot; &apos; and character references exist without a DTD)`,
  ],
  [/^text data outside of root node\.$/, () => 'text outside the root element (is this XML at all?)'],
  [/^document must contain a root element\.$/, () => 'no root element'],
  [/^documents may contain only one root\.$/, () => 'a second root element (an XML document has exactly one)'],
]

const POSITION_PREFIX = /^\d+:\d+: /

/** Our reason for a saxes error, always starting with `not well-formed XML: `. */
export function saxesErrorReason(message: string, ctx: SaxesErrorContext): string {
  const raw = message.replace(POSITION_PREFIX, '')
  for (const [pattern, reword] of REWORDS) {
    const m = pattern.exec(raw)
    if (m !== null) return `not well-formed XML: ${reword(m, ctx)}`
  }
  return `not well-formed XML: ${raw.replace(/\.$/, '')}`
}
