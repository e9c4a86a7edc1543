/**
 * One shared string per distinct element name, attribute name and namespace URI. Invoices repeat
 * the same hundred names in every document; handing out the same string object each time lets
 * every later comparison and Map lookup on names (dispatch, schema tables, path tries) hit the
 * pointer check and the cached hash instead of comparing and hashing fresh copies.
 * @module
 */

/**
 * Hostile input could invent millions of names, or very long ones: beyond this many entries, and
 * above this length, strings are not kept (the cache never holds more than a few megabytes).
 */
const MAX_ENTRIES = 8192
const MAX_LENGTH = 256

/**
 * A name as written, its local part and its prefix ('' when it has none); and the namespace URI
 * the scanner last resolved it to, valid while the namespace scope numbered `scope` lasts.
 */
type Name = { qname: string; local: string; prefix: string; ns: string; scope: number }

const names = new Map<string, Name>()
/**
 * The same names in a direct-mapped table by a hash of their characters (scanName computes it
 * while reading): one slot per hash, a colliding name simply takes the slot over.
 */
const SLOTS = 4096
const byHash: (Name | undefined)[] = new Array<Name | undefined>(SLOTS).fill(undefined)
const strings = new Map<string, string>()

/** The shared copy of `s` (kept if there is room). */
export function shared(s: string): string {
  const hit = strings.get(s)
  if (hit !== undefined) return hit
  if (strings.size >= MAX_ENTRIES || s.length > MAX_LENGTH) return s
  const own = detached(s)
  strings.set(own, own)
  return own
}

/**
 * A property key is stored in V8's string table: the copy returned is flat (it keeps no slice of
 * the document alive) and is the very string object of equal literals in the code, so
 * `el.ns === NS.ram` or `el.local === 'ID'` are decided by the pointer check.
 */
function detached(s: string): string {
  return Object.keys({ [s]: 0 })[0] ?? s
}

/** A (possibly prefixed) name as written, and its parts; `colon` is the offset of its ':' or -1. */
export function sharedName(qname: string, colon: number): Name {
  const hit = names.get(qname)
  if (hit !== undefined) return hit
  const own = shared(qname)
  const local = colon < 0 ? own : shared(own.slice(colon + 1))
  const name = { qname: own, local, prefix: colon < 0 ? '' : shared(own.slice(0, colon)), ns: '', scope: 0 }
  if (names.size < MAX_ENTRIES && own.length <= MAX_LENGTH) names.set(own, name)
  return name
}

/**
 * The name written at [start, end) of `text`, whose hash scanName computed: a name seen before is
 * found and compared in place, without slicing a new string out of the document.
 */
export function sharedNameAt(text: string, start: number, end: number, hash: number, colon: number): Name {
  const slot = hash & (SLOTS - 1)
  const hit = byHash[slot]
  if (hit !== undefined && hit.qname.length === end - start && text.startsWith(hit.qname, start)) return hit
  const name = sharedName(text.slice(start, end), colon)
  if (names.has(name.qname)) byHash[slot] = name
  return name
}

