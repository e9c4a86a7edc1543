/**
 * Text nodes of an element that a comment or processing instruction splits: `XmlElement.text`
 * holds them joined (the element's string value), XPath's `text()` gives each (Saxon stops on
 * `xs:date(text())` of `<cbc:StartDate>2016-<!---->01-01</cbc:StartDate>`). Kept beside the tree,
 * for the few elements that have such a split, so elements keep one shape.
 * @module
 */
import type { XmlElement } from './types.js'
import { isXmlBlank } from './whitespace.js'

const RUNS = new WeakMap<XmlElement, string[]>()

/** The text nodes of `el` when more than one (split by a comment or PI); undefined otherwise. */
export function textRunsOf(el: XmlElement): readonly string[] | undefined {
  return RUNS.get(el)
}

/**
 * Appends `piece` to `el`'s text; `split`: a comment or PI came between `el`'s text so far and
 * `piece`, which then starts a new text node.
 */
export function appendTextRun(el: XmlElement, piece: string, split: boolean): void {
  const runs = RUNS.get(el)
  if (split && el.text !== '') {
    if (runs === undefined) RUNS.set(el, [el.text, piece])
    else runs.push(piece)
  } else if (runs !== undefined) runs[runs.length - 1] += piece
  el.text = el.text === '' ? piece : el.text + piece
}

/** How much of an element's text came before its first child element, for mixed content only. */
const LEADING = new WeakMap<XmlElement, number>()

/**
 * Called when `el`'s first child element starts: `el.text` is then all text before it. Kept only
 * when some of it is not white space (mixed content, never in a valid invoice), so indentation
 * costs nothing.
 */
export function noteFirstChild(el: XmlElement): void {
  if (el.text !== '' && !isXmlBlank(el.text)) LEADING.set(el, el.text.length)
}

/**
 * The text of `el` before its first child element (ElementTree's `.text`, which the reference's
 * rule-set plan reads BT-24 with): all of its text when it has no child element; '' when only white
 * space came before the first child.
 */
export function leadingTextOf(el: XmlElement): string {
  if (el.children.length === 0) return el.text
  const n = LEADING.get(el)
  return n === undefined ? '' : el.text.slice(0, n)
}
