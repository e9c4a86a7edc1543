/**
 * Text nodes of an element that a comment or processing instruction splits: `XmlElement.text`
 * holds them joined (the element's string value), XPath's `text()` gives each (Saxon stops on
 * `xs:date(text())` of `<cbc:StartDate>2016-<!---->01-01</cbc:StartDate>`). Kept beside the tree,
 * for the few elements that have such a split, so elements keep one shape.
 * @module
 */
import type { XmlElement } from './types.js'

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
