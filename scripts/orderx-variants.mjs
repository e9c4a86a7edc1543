/**
 * Structural variants of Order-X documents for `scripts/mutation-check.mjs --orderx` (a developer
 * tool): elements of one Order-X profile's schema (BASIC, COMFORT or EXTENDED, drawn per variant)
 * inserted where that profile puts them or anywhere, elements doubled or moved, the names that
 * have several types in the Order-X schemas (`ram:ID`, `ram:TypeCode`, `udt:DateTimeString`) given
 * values and attributes of their other places, attributes added or removed, and the guideline id
 * (BT-24) swapped for another profile's or an odd one. Run them with `--declare` to check one
 * profile's content against another's rules. The elements are made from einvoice's own structure
 * tables (dist/src/validate/xsd/tables/orderx-*.js; build first): their required children, a value
 * of their value kind and their required attributes.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export const ORDERX_KINDS = ['insert', 'misplace', 'double', 'move', 'code', 'idattr', 'attradd', 'attrdel', 'profile']

/** The three Order-X structure tables, from the build. */
export async function orderxTables(root) {
  const load = async (name, key) => (await import(pathToFileURL(join(root, 'dist', 'src', 'validate', 'xsd', 'tables', `orderx-${name}.js`)).href))[key]
  return { BASIC: await load('basic', 'XSD_ORDERX_BASIC'), COMFORT: await load('comfort', 'XSD_ORDERX_COMFORT'), EXTENDED: await load('extended', 'XSD_ORDERX_EXTENDED') }
}

const PREFIXES = ['rsm', 'ram', 'udt', 'qdt', 'xs']
const PROFILE_IDS = [
  'urn:order-x.eu:1p0:basic', 'urn:order-x.eu:1p0:comfort', 'urn:order-x.eu:1p0:extended', 'URN:ORDER-X.EU:1P0:COMFORT', 'urn:order-x.eu:1p0:basicwl',
  'urn:order-x.eu:1p0:extendedfoo', 'urn:order-x.eu:1p0', 'urn:factur-x.eu:1p0:basic', '', ' urn:order-x.eu:1p0:comfort ', 'urn:cen.eu:en16931:2017',
]
/** Values valid for one of the places of a name and not for another (document, package, contact, tax, accounting, payment means codes …). */
const CODES = ['220', '231', '1A', 'CT', 'VAT', '1', '30', '58', 'AAA', 'FR', 'ZZZ', '', '9999', 'urn:order-x.eu:1p0:basic']
const DATE_FORMATS = ['102', '203', '610', '616', '204', '', 'X']
const DATES = ['20200101', '202001011200', '202001', '2020-01-01', '']
const ATTRIBUTES = ['schemeID', 'schemeAgencyID', 'format', 'listID', 'listVersionID', 'unitCode', 'currencyID', 'filename', 'mimeCode', 'languageID', 'listAgencyID', 'foo']
const ATTRIBUTE_VALUES = ['', ' ', 'X', '0088', '0002', 'EUR', '102', '203', 'C62', 'VA', '1']
const SAMPLES = { string: ['X'], token: ['X1'], boolean: ['true', 'false'], decimal: ['1.00', '10'], integer: ['1'], base64Binary: ['QUJD'], anyURI: ['http://example.com'] }
const ATTRIBUTE_SAMPLES = { format: '102', schemeID: '0088', unitCode: 'C62', currencyID: 'EUR', filename: 'a.pdf', mimeCode: 'application/pdf' }

/** The element particles of a content model in order (groups flattened, wildcards left out). */
export function particles(model, out = []) {
  if (model === null) return out
  if (typeof model[0] === 'number') out.push(model)
  else if (model[0] !== '*') for (const p of model.slice(3)) particles(p, out)
  return out
}

/** The table types of the elements of `all` (from `elements()`), by following the content models from the root. */
export function typesOf(xml, all, table) {
  const types = new Map([[0, table.roots[0][2]]])
  const stack = [0]
  for (let i = 1; i < all.length; i++) {
    while (stack.length > 0 && all[stack[stack.length - 1]][3] <= all[i][0]) stack.pop()
    const parent = stack[stack.length - 1]
    if (all[i][2] >= 0 || all[i][1] !== all[i][3]) stack.push(i)
    const type = parent === undefined ? undefined : table.types[types.get(parent)]
    if (type === undefined || type[0] !== 1) continue
    const local = all[i][4].split(':').pop()
    const p = particles(type[1]).find((q) => table.names[q[1]] === local)
    if (p !== undefined) types.set(i, p[2])
  }
  return types
}

/** A minimal instance of particle `p`: its required children (one option of a choice), a value, its required attributes. */
function instance(table, p, draw, depth = 0) {
  const name = `${PREFIXES[p[0]]}:${table.names[p[1]]}`
  const type = table.types[p[2]]
  const value = (v) => (v === undefined ? 'X' : v.e !== undefined ? v.e[draw(v.e.length)] : v.b === 'union' ? value(v.u[0]) : (SAMPLES[v.b] ?? ['X'])[0])
  const attrs = (table.attrs[type[2]] ?? [])
    .map((a) => (typeof a === 'string' ? [a, undefined] : a))
    .filter(([a]) => a.startsWith('!'))
    .map(([a, kind]) => ` ${a.slice(1)}="${kind === undefined ? (ATTRIBUTE_SAMPLES[a.slice(1)] ?? 'X') : value(table.values[kind])}"`)
    .join('')
  if (type[0] === 0) return `<${name}${attrs}>${name === 'udt:DateTimeString' ? '20200101' : value(table.values[type[1]])}</${name}>`
  if (type[1] === null || depth > 6) return `<${name}${attrs}/>`
  let inner = ''
  const add = (m) => {
    if (typeof m[0] === 'number') inner += m[3] > 0 ? instance(table, m, draw, depth + 1) : ''
    else if (m[0] === 'c') {
      const option = m[3 + draw(m.length - 3)]
      if (typeof option[0] === 'number') inner += instance(table, option, draw, depth + 1)
      else add(option)
    } else if (m[0] !== '*' && m[1] > 0) m.slice(3).forEach(add)
  }
  if (type[1][0] === 'c') add(type[1])
  else type[1].slice(3).forEach(add)
  return `<${name}${attrs}>${inner}</${name}>`
}

/**
 * `xml` changed by the Order-X kind `kind`: [changed document, label] or null where the base offers
 * nothing to change. `all` is the document's `elements()`, `draw(n)` the generator.
 */
export function orderxVariant(xml, all, kind, draw, tables) {
  const pick = (list) => list[draw(list.length)]
  const profile = pick(['BASIC', 'COMFORT', 'EXTENDED', 'EXTENDED'])
  const table = tables[profile]
  const local = (el) => el[4].split(':').pop()
  const leaves = all.filter((el) => el[2] >= 0 && !xml.slice(el[1], el[2]).includes('<'))
  const at = (el) => el[0] + 1 + el[4].length
  switch (kind) {
    case 'insert':
    case 'misplace': {
      const types = typesOf(xml, all, table)
      const holders = [...types].filter(([, t]) => table.types[t][0] === 1 && table.types[t][1] !== null && particles(table.types[t][1]).length > 0)
      if (holders.length === 0) return null
      const [index, t] = pick(holders)
      const el = all[index]
      const list = particles(table.types[t][1])
      const p = pick(list)
      const children = all.filter((c, i) => i > index && c[0] < el[3] && all.findLastIndex((h, j) => j < i && h[0] < c[0] && h[3] >= c[3]) === index)
      let where = el[1]
      if (kind === 'misplace') where = pick([el[1], ...children.map((c) => c[3])])
      else {
        const rank = list.indexOf(p)
        for (const c of children) if (list.findIndex((q) => table.names[q[1]] === local(c)) <= rank) where = c[3]
      }
      return [xml.slice(0, where) + instance(table, p, draw) + xml.slice(where), `${kind}${profile[0]}-${table.names[p[1]]}-in-${local(el)}`]
    }
    case 'double': {
      const el = pick(all.slice(1))
      return [xml.slice(0, el[3]) + xml.slice(el[0], el[3]) + xml.slice(el[3]), `double-${local(el)}`]
    }
    case 'move': {
      const from = pick(all.slice(1))
      const to = pick(all.filter((el) => el[2] >= 0 && (el[3] <= from[0] || el[0] >= from[3])))
      if (to === undefined) return null
      const piece = xml.slice(from[0], from[3])
      const where = to[1]
      const changed = where < from[0] ? xml.slice(0, where) + piece + xml.slice(where, from[0]) + xml.slice(from[3]) : xml.slice(0, from[0]) + xml.slice(from[3], where) + piece + xml.slice(where)
      return [changed, `move-${local(from)}-to-${local(to)}`]
    }
    case 'code': {
      const places = leaves.filter((el) => ['ID', 'TypeCode', 'DateTimeString'].includes(local(el)))
      if (places.length === 0) return null
      const el = pick(places)
      const tag = xml.slice(el[0], el[1])
      if (local(el) === 'DateTimeString' && draw(2) === 0) {
        const format = pick(DATE_FORMATS)
        const changed = tag.includes('format=') ? tag.replace(/format="[^"]*"/, `format="${format}"`) : tag.replace(/^<([\w:]+)/, `<$1 format="${format}"`)
        return [xml.slice(0, el[0]) + changed + xml.slice(el[1]), `code-${local(el)}-format-${format || 'empty'}`]
      }
      const value = local(el) === 'DateTimeString' ? pick(DATES) : pick(CODES)
      return [xml.slice(0, el[1]) + value + xml.slice(el[2]), `code-${local(el)}-${value.replace(/\W+/g, '_') || 'empty'}`]
    }
    case 'idattr': {
      const ids = leaves.filter((el) => local(el).endsWith('ID'))
      if (ids.length === 0) return null
      const el = pick(ids)
      return [xml.slice(0, at(el)) + ` ${pick(['schemeID', 'schemeAgencyID', 'schemeVersionID', 'listID'])}="${pick(ATTRIBUTE_VALUES)}"` + xml.slice(at(el)), `idattr-${local(el)}`]
    }
    case 'attradd': {
      const el = pick(leaves)
      const name = pick(ATTRIBUTES)
      if (new RegExp(`\\s${name}\\s*=`).test(xml.slice(el[0], el[1]))) return null
      return [xml.slice(0, at(el)) + ` ${name}="${pick(ATTRIBUTE_VALUES)}"` + xml.slice(at(el)), `attradd-${local(el)}-${name}`]
    }
    case 'attrdel': {
      const withAttrs = all.slice(1).filter((el) => /\s[\w:]+="/.test(xml.slice(el[0], el[1])))
      if (withAttrs.length === 0) return null
      const el = pick(withAttrs)
      const tag = xml.slice(el[0], el[1])
      const attr = pick([...tag.matchAll(/\s([\w:]+)="[^"]*"/g)])
      return [xml.slice(0, el[0]) + tag.slice(0, attr.index) + tag.slice(attr.index + attr[0].length) + xml.slice(el[1]), `attrdel-${local(el)}-${attr[1]}`]
    }
    case 'profile': {
      const id = pick(PROFILE_IDS)
      return [xml.replace(/(<ram:GuidelineSpecifiedDocumentContextParameter>\s*<ram:ID>)[^<]*</, `$1${id}<`), `profile-${id.replace(/\W+/g, '_') || 'empty'}`]
    }
    default:
      throw new Error(`unknown kind ${kind}`)
  }
}
