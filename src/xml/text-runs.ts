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
/** The text of elements that have text after a child element (mixed content) as it was before that text. */
const LEADING = new WeakMap<XmlElement, string>()

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

/**
 * `el`'s text before its first child element (what ElementTree calls `.text`, which the reference's
 * plan reads BT-24 from), up to white space at its end: `el.text` joins the text after children
 * too. Kept only for elements with text other than white space after a child (`noteTail`).
 */
export function leadingTextOf(el: XmlElement): string {
  return el.children.length === 0 ? el.text : (LEADING.get(el) ?? el.text)
}

/** Notes that `piece` comes after a child element of `el`: the first such text that is not white space keeps `el`'s text so far. */
export function noteTail(el: XmlElement, piece: string): void {
  if (!isXmlBlank(piece) && !LEADING.has(el)) LEADING.set(el, el.text)
}
