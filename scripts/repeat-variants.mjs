/**
 * Schema-valid repetition and placement variants of UBL documents for
 * `scripts/mutation-check.mjs --schema-repeat` (a developer tool): an element that the UBL 2.1 schema
 * allows more than once written again, once or twice, before or after itself, with other values
 * (another tax category, rate, amount, date, code, identifier, currency); the same content in
 * another place the schema allows it (an invoice period, delivery, document reference, allowance
 * or charge, tax total … under a line, a delivery's terms, a price, a sub-invoice line); and a
 * repeatable element of another document added beside the base's. Where the official rules read
 * every occurrence (`//x`, relative contexts, sums over sequences) and a reader takes the first
 * or one place only, the verdicts part. The places come from einvoice's own structure table
 * (dist/src/validate/xsd/tables/ubl-21.js; build first), so the variants stay schema-valid
 * unless a rule of the schema itself (none in UBL 2.1) says otherwise.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { particles, typesOf } from './orderx-variants.mjs'

export const REPEAT_KINDS = ['again', 'again2', 'before', 'currency', 'one', 'split', 'elsewhere', 'donor', 'hollow', 'wrapped']

/** The UBL 2.1 structure table, from the build. */
export async function ublTable(root) {
  return (await import(pathToFileURL(join(root, 'dist', 'src', 'validate', 'xsd', 'tables', 'ubl-21.js')).href)).XSD_UBL_21
}

/** The names the hunts aim at: half of the draws pick among these where the base has them. */
const FOCUS = new Set([
  'TaxTotal', 'TaxSubtotal', 'AllowanceCharge', 'TaxCategory', 'PaymentMeans', 'InvoicePeriod', 'Delivery', 'AdditionalDocumentReference',
  'Note', 'OrderLineReference', 'SubInvoiceLine', 'ClassifiedTaxCategory', 'PartyTaxScheme', 'PartyLegalEntity', 'PartyIdentification',
  'PaymentTerms', 'BillingReference', 'DocumentReference', 'PayeeFinancialAccount', 'CommodityClassification', 'AdditionalItemProperty',
  'StandardItemIdentification', 'DespatchDocumentReference', 'ReceiptDocumentReference', 'ContractDocumentReference', 'ProjectReference',
  'OriginatorDocumentReference', 'PartyName', 'Contact', 'PostalAddress', 'AddressLine', 'TaxExemptionReason', 'AllowanceChargeReason',
  'PrepaidPayment', 'DeliveryTerms', 'InvoiceLine', 'CardAccount', 'PaymentMandate', 'InstructionNote', 'PaymentID', 'SellersItemIdentification',
])
const CODES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'VAT', 'GST', '30', '58', '31', '48', '59', '380', '381', 'DE', 'FR', 'SE', 'C62', 'H87', 'EUR', 'USD', '0088', '9930', 'VATEX-EU-AE', '95', '1', 'X']
const CURRENCIES = ['USD', 'SEK', 'EUR', 'GBP', 'XXX']
const DATES = ['2019-12-31', '2021-03-01', '2017-01-01', '2030-06-30']
const NUMBERS = (x) => {
  const v = Number(x)
  return Number.isFinite(v) ? [(v * 2).toFixed(2), '0', (-v).toFixed(2), (v + 0.01).toFixed(2), '100', '19', '7', '25', '0.00', '12.5'] : ['0', '100']
}

/** Parent index of each element of `all` (from `elements()`), -1 for the root. */
function parents(all) {
  const stack = []
  return all.map((el) => {
    while (stack.length > 0 && all[stack[stack.length - 1]][3] <= el[0]) stack.pop()
    const parent = stack.length === 0 ? -1 : stack[stack.length - 1]
    stack.push(all.indexOf(el))
    return parent
  })
}

/**
 * `snippet` (one element as written) with other values: each leaf (`level` 'all': each with a
 * chance of one half, at least one; 'one': one of them) given a value of its own value kind, and
 * for 'currency' every currencyID given another currency alone.
 */
function varied(snippet, level, draw, table, leafKinds) {
  const pick = (list) => list[draw(list.length)]
  if (level === 'currency') {
    const to = pick(CURRENCIES.slice(0, 4))
    return snippet.replace(/currencyID="([^"]*)"/g, (m, c) => `currencyID="${c === to ? 'USD' : to}"`)
  }
  const leaves = [...snippet.matchAll(/<((?:cbc):[A-Za-z]+)((?:\s[^>]*)?)>([^<]*)<\/\1>/g)]
  if (leaves.length === 0) return snippet
  const chosen = new Set(level === 'one' ? [draw(leaves.length)] : leaves.map((_, i) => i).filter(() => draw(2) === 0))
  if (chosen.size === 0) chosen.add(draw(leaves.length))
  let out = ''
  let at = 0
  leaves.forEach((m, i) => {
    if (!chosen.has(i)) return
    const kind = leafKinds.get(m[1].split(':')[1]) ?? 'normalizedString'
    const text = m[3]
    const value =
      kind === 'decimal' ? pick(NUMBERS(text))
      : kind === 'boolean' ? (text.includes('true') ? 'false' : 'true')
      : kind === 'date' ? pick(DATES)
      : kind === 'integer' ? String(Number(text) + 1 || 1)
      : kind === 'time' || kind === 'base64Binary' || kind === 'dateTime' || kind === 'language' || kind === 'anyURI' ? text
      : pick([...CODES, `${text}2`, `${text}2`, `${text}2`])
    let attrs = m[2]
    if (/currencyID=/.test(attrs) && draw(4) === 0) attrs = attrs.replace(/currencyID="[^"]*"/, `currencyID="${pick(CURRENCIES)}"`)
    out += snippet.slice(at, m.index) + `<${m[1]}${attrs}>${value}</${m[1]}>`
    at = m.index + m[0].length
  })
  return out + snippet.slice(at)
}

/** Simple-content kinds by local name of the cbc elements (one kind per name in UBL 2.1). */
function leafKindsOf(table) {
  const kinds = new Map()
  const visit = (model) => {
    for (const p of particles(model)) {
      const type = table.types[p[2]]
      if (type !== undefined && type[0] === 0) kinds.set(table.names[p[1]], table.values[type[1]].b)
    }
  }
  for (const type of table.types) if (type[0] === 1 && type[1] !== null) visit(type[1])
  return kinds
}

/** Sample values of the simple kinds for `hollow` instances, and of the required attributes. */
const SAMPLE = { decimal: '0', integer: '1', boolean: 'false', date: '2020-01-01', time: '00:00:00', dateTime: '2020-01-01T00:00:00', base64Binary: 'QUJD', anyURI: 'http://example.com', language: 'en' }
const SAMPLE_ATTRIBUTE = { unitCode: 'C62', mimeCode: 'application/pdf', currencyID: 'EUR' }

/** A minimal instance of the UBL particle `p` (cac/cbc only): its required children, sample values, required attributes. */
function hollow(table, p, currency, depth = 0) {
  const prefix = { 2: 'cbc', 3: 'cac' }[p[0]]
  if (prefix === undefined || depth > 6) return ''
  const name = `${prefix}:${table.names[p[1]]}`
  const type = table.types[p[2]]
  const attrs = (table.attrs[type[2]] ?? [])
    .map((a) => (typeof a === 'string' ? a : a[0]))
    .filter((a) => a.startsWith('!'))
    .map((a) => ` ${a.slice(1)}="${a === '!currencyID' ? currency : (SAMPLE_ATTRIBUTE[a.slice(1)] ?? 'X')}"`)
    .join('')
  if (type[0] === 0) return `<${name}${attrs}>${SAMPLE[table.values[type[1]].b] ?? 'X'}</${name}>`
  const inner = type[1] === null ? '' : particles(type[1]).filter((q) => q[3] > 0).map((q) => hollow(table, q, currency, depth + 1)).join('')
  return `<${name}${attrs}>${inner}</${name}>`
}

/** Where in parent `index` (of type `t`) a child of particle rank `rank` goes: after the last child of a rank not above it. */
function placeIn(all, par, index, list, rank, table) {
  let where = all[index][1]
  const children = all.filter((_, i) => par[i] === index)
  for (const c of children) if (list.findIndex((q) => table.names[q[1]] === c[4].split(':').pop()) <= rank) where = c[3]
  return where
}

/**
 * `xml` changed by the repeat kind `kind`: [changed document, label] or null where the base offers
 * nothing for it. `all` is the document's `elements()`, `draw(n)` the generator, `donors` other
 * documents of the same root.
 */
export function repeatVariant(xml, all, kind, draw, table, donors) {
  const pick = (list) => list[draw(list.length)]
  const leafKinds = leafKindsOf(table)
  const types = typesOf(xml, all, table)
  const par = parents(all)
  const local = (el) => el[4].split(':').pop()
  /** The particle of element `i` in its parent's model. */
  const particleOf = (i) => {
    const pt = types.get(par[i])
    const type = pt === undefined ? undefined : table.types[pt]
    return type === undefined || type[0] !== 1 || type[1] === null ? undefined : particles(type[1]).find((q) => table.names[q[1]] === local(all[i]))
  }
  const focused = (list) => {
    const focus = list.filter((i) => FOCUS.has(local(all[i])))
    return focus.length > 0 && draw(2) === 0 ? focus : list
  }
  switch (kind) {
    case 'again':
    case 'again2':
    case 'before':
    case 'currency':
    case 'one': {
      // An element the schema allows more than once (max unbounded or above 1) where the base has it.
      const repeatable = all.map((_, i) => i).filter((i) => i > 0 && particleOf(i) !== undefined && particleOf(i)[4] !== 1)
      if (repeatable.length === 0) return null
      const i = pick(focused(repeatable))
      const el = all[i]
      const snippet = xml.slice(el[0], el[3])
      const level = kind === 'currency' ? 'currency' : kind === 'one' ? 'one' : 'all'
      const copies = kind === 'again2' ? varied(snippet, level, draw, table, leafKinds) + varied(snippet, level, draw, table, leafKinds) : varied(snippet, level, draw, table, leafKinds)
      const changed = kind === 'before' ? xml.slice(0, el[0]) + copies + xml.slice(el[0]) : xml.slice(0, el[3]) + copies + xml.slice(el[3])
      return [changed, `${kind}-${local(all[par[i]])}-${local(el)}`]
    }
    case 'hollow': {
      // A minimal instance of a repeatable element (its required children only) written before
      // or after the base's own: a first occurrence without the terms a reader takes from it.
      const repeatable = all.map((_, i) => i).filter((i) => i > 0 && particleOf(i) !== undefined && particleOf(i)[4] !== 1)
      if (repeatable.length === 0) return null
      const i = pick(focused(repeatable))
      const piece = hollow(table, particleOf(i), xml.match(/currencyID="([^"]*)"/)?.[1] ?? 'EUR')
      if (piece === '') return null
      const at = draw(3) === 0 ? all[i][3] : all[i][0]
      return [xml.slice(0, at) + piece + xml.slice(at), `hollow-${at === all[i][0] ? 'before' : 'after'}-${local(all[par[i]])}-${local(all[i])}`]
    }
    case 'wrapped': {
      // An element of the base copied into a new holder (its required children and the copy) that
      // the base has not got, where another element of the base allows that holder: an allowance
      // under new delivery terms, a tax total under a new … — a place two steps away.
      const options = []
      for (let i = 1; i < all.length; i++) {
        const p = particleOf(i)
        if (p === undefined) continue
        for (let t = 0; t < table.types.length; t++) {
          const type = table.types[t]
          if (type[0] !== 1 || type[1] === null || t === types.get(par[i])) continue
          const list = particles(type[1])
          const rank = list.findIndex((q) => q[1] === p[1] && q[2] === p[2])
          if (rank < 0) continue
          for (const [h, ht] of types) {
            const holderType = table.types[ht]
            if (holderType[0] !== 1 || holderType[1] === null || h === i) continue
            const outer = particles(holderType[1])
            const r = outer.find((q) => q[2] === t && [2, 3].includes(q[0]))
            if (r === undefined) continue
            const have = all.filter((c, j) => par[j] === h && local(c) === table.names[r[1]]).length
            if (r[4] !== -1 && have >= r[4]) continue
            options.push([i, h, r, list, rank, outer])
          }
        }
      }
      if (options.length === 0) return null
      const focus = options.filter(([i]) => FOCUS.has(local(all[i])))
      const [i, h, r, list, rank, outer] = pick(focus.length > 0 && draw(4) !== 0 ? focus : options)
      const currency = xml.match(/currencyID="([^"]*)"/)?.[1] ?? 'EUR'
      const snippet = xml.slice(all[i][0], all[i][3])
      const inner = list.map((q, k) => (k === rank ? snippet : q[3] > 0 ? hollow(table, q, currency) : '')).join('')
      const shell = hollow(table, r, currency)
      const open = shell.slice(0, shell.indexOf('>') + 1)
      const name = open.slice(1).split(/[\s>]/)[0]
      const piece = `${open}${inner}</${name}>`
      const where = placeIn(all, par, h, outer, outer.indexOf(r), table)
      return [xml.slice(0, where) + piece + xml.slice(where), `wrapped-${local(all[i])}-in-${table.names[r[1]]}-in-${local(all[h])}`]
    }
    case 'split': {
      // A repeatable element with several children written as two: its children parted between
      // them in order (the ones its type requires in both), so that each term sits in one of them
      // only and the first no longer has them all.
      const options = all.map((_, i) => i).filter((i) => i > 0 && particleOf(i) !== undefined && particleOf(i)[4] !== 1 && all.filter((_, j) => par[j] === i).length >= 2)
      if (options.length === 0) return null
      const i = pick(focused(options))
      const el = all[i]
      const type = table.types[types.get(i)]
      const required = new Set(type !== undefined && type[0] === 1 && type[1] !== null ? particles(type[1]).filter((q) => q[3] > 0).map((q) => table.names[q[1]]) : [])
      const children = all.filter((_, j) => par[j] === i)
      const optional = children.filter((c) => !required.has(local(c)))
      if (optional.length < 2) return null
      const second = new Set(optional.filter(() => draw(2) === 0))
      if (second.size === 0) second.add(optional[optional.length - 1])
      if (second.size === optional.length) second.delete(optional[0])
      const open = xml.slice(el[0], el[1])
      const close = xml.slice(el[2], el[3])
      const part = (inSecond) => open + children.filter((c) => required.has(local(c)) || second.has(c) === inSecond).map((c) => xml.slice(c[0], c[3])).join('') + close
      const [a, b] = draw(2) === 0 ? [part(false), part(true)] : [part(true), part(false)]
      return [xml.slice(0, el[0]) + a + b + xml.slice(el[3]), `split-${local(all[par[i]])}-${local(el)}`]
    }
    case 'elsewhere': {
      // An element of the base copied (its values varied half of the time) into another element
      // of the base whose type has a place for it (the same name and type), below its maximum.
      const options = []
      for (let i = 1; i < all.length; i++) {
        const p = particleOf(i)
        if (p === undefined) continue
        for (const [h, t] of types) {
          if (h === par[i] || h === i) continue
          const type = table.types[t]
          if (type[0] !== 1 || type[1] === null) continue
          const list = particles(type[1])
          const rank = list.findIndex((q) => q[1] === p[1] && q[2] === p[2])
          if (rank < 0) continue
          const have = all.filter((c, j) => par[j] === h && local(c) === local(all[i])).length
          if (list[rank][4] !== -1 && have >= list[rank][4]) continue
          if (all[i][0] <= all[h][0] && all[h][3] <= all[i][3]) continue
          options.push([i, h, list, rank])
        }
      }
      if (options.length === 0) return null
      const focus = options.filter(([i]) => FOCUS.has(local(all[i])))
      const [i, h, list, rank] = pick(focus.length > 0 && draw(4) !== 0 ? focus : options)
      const snippet = xml.slice(all[i][0], all[i][3])
      const piece = draw(2) === 0 ? snippet : varied(snippet, 'all', draw, table, leafKinds)
      const where = placeIn(all, par, h, list, rank, table)
      return [xml.slice(0, where) + piece + xml.slice(where), `elsewhere-${local(all[i])}-in-${local(all[h])}`]
    }
    case 'donor': {
      // A repeatable element of a donor added under the base's element of the same type (beside
      // the base's own of its name, if any), at its place in the model.
      if (donors.length === 0) return null
      const donor = pick(donors)
      const dAll = donor.all
      const dTypes = typesOf(donor.xml, dAll, table)
      const dPar = parents(dAll)
      const candidates = []
      for (let i = 1; i < dAll.length; i++) {
        const pt = dTypes.get(dPar[i])
        const type = pt === undefined ? undefined : table.types[pt]
        if (type === undefined || type[0] !== 1 || type[1] === null) continue
        const list = particles(type[1])
        const rank = list.findIndex((q) => table.names[q[1]] === dAll[i][4].split(':').pop())
        if (rank < 0 || list[rank][4] === 1) continue
        const holders = [...types].filter(([, t]) => t === pt).map(([h]) => h)
        if (holders.length > 0) candidates.push([i, holders, list, rank])
      }
      if (candidates.length === 0) return null
      const focus = candidates.filter(([i]) => FOCUS.has(dAll[i][4].split(':').pop()))
      const [i, holders, list, rank] = pick(focus.length > 0 && draw(2) === 0 ? focus : candidates)
      const snippet = donor.xml.slice(dAll[i][0], dAll[i][3])
      const prefixes = new Set([...snippet.matchAll(/<\/?([\w.-]+):/g)].map((m) => m[1]))
      if ([...prefixes].some((p) => !['cac', 'cbc'].includes(p))) return null
      const h = pick(holders)
      const where = placeIn(all, par, h, list, rank, table)
      return [xml.slice(0, where) + snippet + xml.slice(where), `donor-${dAll[i][4].split(':').pop()}-in-${local(all[h])}`]
    }
    default:
      throw new Error(`unknown kind ${kind}`)
  }
}
