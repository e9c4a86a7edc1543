/**
 * A streaming XML text writer for the syntax writers (CII, ZUGFeRD 1, Order-X, UBL): elements go
 * straight into the output string as they are opened, so no tree of nodes is built and walked.
 * It writes the bytes serializeXml writes for the same tree: 2-space indentation, text inline,
 * `<a/>` for an element with neither children nor text, the same escaping. Element names are the
 * writers' constants and are not checked against the declared prefixes (serializeXml does that).
 * @module
 */
import { commentText, escapeXmlAttribute, escapeXmlText } from './serialize.js'

/** ` name="value"` (escaped), or nothing when the value is absent: attributes are passed as text. */
export function attr(name: string, value: string | undefined): string {
  return value === undefined ? '' : ` ${name}="${escapeXmlAttribute(value)}"`
}

/** True when a text leaf would be left out (absent or blank), as the writers never write empty leaves. */
export function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === ''
}

/** Line break + indentation per depth, built once. */
const PADS: string[] = ['\n']
function padAt(depth: number): string {
  return (PADS[depth] ??= '\n' + '  '.repeat(depth))
}

/**
 * An element name's tags on their own line at each depth (`\n  <name>`, `\n  </name>`), built once:
 * a leaf is then three appends to the output instead of eight concatenations, each of which made
 * a string of its own.
 */
type NameTags = { startAt: string[]; openAt: string[]; closeAt: string[]; close: string }
const nameTags = new Map<string, NameTags>()
/** Names are the writers' constants; the bound only guards against a caller passing data. */
const MAX_NAMES = 4000

function tagsOf(name: string): NameTags {
  let tags = nameTags.get(name)
  if (tags === undefined) {
    tags = { startAt: [], openAt: [], closeAt: [], close: '</' + name + '>' }
    if (nameTags.size < MAX_NAMES) nameTags.set(name, tags)
  }
  return tags
}

/** `\n  <name` at `depth` (a start tag whose end is written when its content is known). */
function startTagAt(tags: NameTags, name: string, depth: number): string {
  return (tags.startAt[depth] ??= padAt(depth) + '<' + name)
}

/** `\n  <name>` at `depth`. */
function openTagAt(tags: NameTags, name: string, depth: number): string {
  return (tags.openAt[depth] ??= padAt(depth) + '<' + name + '>')
}

/** `\n  </name>` at `depth`. */
function closeTagAt(tags: NameTags, depth: number): string {
  return (tags.closeAt[depth] ??= padAt(depth) + tags.close)
}

export class XmlTextWriter {
  private out: string
  /** Attributes (` a="v"` text) and names of the open elements, outermost first. */
  private readonly attrs: string[] = []
  private readonly names: string[] = []
  /** Open elements that are left out altogether when nothing is written into them. */
  private readonly optional: boolean[] = []
  /**
   * How many open elements have their start tag in the output: always the outermost ones, since
   * a start tag is written only when content arrives (so an empty optional element costs nothing).
   */
  private written = 0
  /** The last start tag written still lacks its `>`: no content yet, so it may become `<a/>`. */
  private tagOpen = false

  /**
   * Starts a document: the XML declaration, the root start tag with the namespace declarations
   * (in the given order, '' for the default namespace) and an optional comment.
   */
  constructor(root: string, namespaces: Readonly<Record<string, string>>, comment?: string) {
    let rootAttrs = ''
    for (const prefix of Object.keys(namespaces)) rootAttrs += attr(prefix === '' ? 'xmlns' : `xmlns:${prefix}`, namespaces[prefix])
    this.out = '<?xml version="1.0" encoding="UTF-8"?>\n<' + root + rootAttrs
    this.attrs.push(rootAttrs)
    this.names.push(root)
    this.optional.push(false)
    this.written = 1
    this.tagOpen = true
    if (comment !== undefined) {
      this.out += '>' + padAt(1) + '<!--' + commentText(comment) + '-->'
      this.tagOpen = false
    }
  }

  /** Opens an element that is written even when empty (`<a/>`). */
  open(name: string, attrs = ''): void {
    this.attrs.push(attrs)
    this.names.push(name)
    this.optional.push(false)
  }

  /** Opens an element that is left out when nothing is written into it. */
  openOptional(name: string, attrs = ''): void {
    this.attrs.push(attrs)
    this.names.push(name)
    this.optional.push(true)
  }

  /** Closes the innermost open element. */
  close(): void {
    const i = this.attrs.length - 1
    if (i < this.written) {
      if (this.tagOpen) {
        this.out += '/>'
        this.tagOpen = false
      } else {
        this.out += closeTagAt(tagsOf(this.names[i] as string), i)
      }
      this.written = i
    } else if (this.optional[i] === false) {
      this.writeStarts()
      this.out += '/>'
      this.tagOpen = false
      this.written = i
    }
    this.attrs.pop()
    this.names.pop()
    this.optional.pop()
  }

  /** An element with text (`<a/>` when the text is empty or absent). */
  text(name: string, value: string | undefined, attrs = ''): void {
    this.ready()
    const depth = this.attrs.length
    if (value === undefined || value === '') {
      this.out += padAt(depth) + '<' + name + attrs + '/>'
      return
    }
    const tags = tagsOf(name)
    if (attrs === '') this.out += openTagAt(tags, name, depth)
    else this.out += padAt(depth) + '<' + name + attrs + '>'
    this.out += escapeXmlText(value)
    this.out += tags.close
  }

  /** An element with text, or nothing when the value is absent or blank (never an empty element). */
  leaf(name: string, value: string | undefined, attrs = ''): void {
    if (!isBlank(value)) this.text(name, value, attrs)
  }

  /** An element wrapping one text leaf (`ram:Wrapper/ram:Leaf`), or nothing when the value is blank. */
  wrapped(name: string, leafName: string, value: string | undefined, attrs = ''): void {
    if (isBlank(value)) return
    this.open(name)
    this.text(leafName, value, attrs)
    this.close()
  }

  /** The document text: closes what is open and ends with a line feed. */
  finish(): string {
    while (this.attrs.length > 0) this.close()
    return this.out + '\n'
  }

  /** Before content: the pending start tags of the open elements, and the `>` of the innermost. */
  private ready(): void {
    if (this.written < this.attrs.length) this.writeStarts()
    if (this.tagOpen) {
      this.out += '>'
      this.tagOpen = false
    }
  }

  private writeStarts(): void {
    for (let i = this.written; i < this.attrs.length; i++) {
      if (this.tagOpen) this.out += '>'
      const name = this.names[i] as string
      const attrs = this.attrs[i] as string
      this.out += attrs === '' ? startTagAt(tagsOf(name), name, i) : padAt(i) + '<' + name + attrs
      this.tagOpen = true
    }
    this.written = this.attrs.length
  }
}

