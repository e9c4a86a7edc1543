/**
 * The form of the pdfaExtension:schemas structures beyond what a declared property needs
 * (ISO 19005-3 6.6.2.3.2, 6.6.2.3.3): each structure (schema, property, value type, field) holds
 * only the fields of its own table, under the prescribed prefix, text fields as simple values,
 * pdfaSchema:valueType and pdfaType:field as rdf:Seq, every pdfaType and pdfaField entry present,
 * and every declared value type an XMP type or one the packet defines with pdfaType:type.
 * @module
 */
import type { RdfValue } from '../../pdf/xmp-rdf.js'
import { fieldKey } from '../../pdf/xmp-rdf.js'
import { isDefinedXmpType } from '../../pdf/xmp-extension-schemas.js'

type Level = { ns: string; prefix: string; fields: readonly string[]; required: readonly string[]; text: readonly string[] }

const SCHEMA: Level = {
  ns: 'http://www.aiim.org/pdfa/ns/schema#',
  prefix: 'pdfaSchema',
  fields: ['schema', 'namespaceURI', 'prefix', 'property', 'valueType'],
  required: [],
  text: ['schema', 'namespaceURI', 'prefix'],
}
const PROPERTY: Level = {
  ns: 'http://www.aiim.org/pdfa/ns/property#',
  prefix: 'pdfaProperty',
  fields: ['name', 'valueType', 'category', 'description'],
  required: [],
  text: ['name', 'valueType', 'category', 'description'],
}
const TYPE: Level = {
  ns: 'http://www.aiim.org/pdfa/ns/type#',
  prefix: 'pdfaType',
  fields: ['type', 'namespaceURI', 'prefix', 'description', 'field'],
  required: ['type', 'namespaceURI', 'prefix', 'description'],
  text: ['type', 'namespaceURI', 'prefix', 'description'],
}
const FIELD: Level = {
  ns: 'http://www.aiim.org/pdfa/ns/field#',
  prefix: 'pdfaField',
  fields: ['name', 'valueType', 'description'],
  required: ['name', 'valueType', 'description'],
  text: ['name', 'valueType', 'description'],
}

type Found = { undefinedFields: string[]; problems: string[] }

/** Undefined fields, wrong prefixes, missing or non-text fields of one structure. */
function structForm(v: Extract<RdfValue, { kind: 'struct' }>, level: Level, label: string, out: Found): void {
  for (const key of v.fields.keys()) {
    const [ns = '', local = ''] = key.split(' ')
    const prefix = v.prefixes.get(key) ?? ''
    if (ns !== level.ns || !level.fields.includes(local)) out.undefinedFields.push(`${label} has the field ${prefix}:${local} (${ns}), not one of ${level.prefix}:${level.fields.join(`, ${level.prefix}:`)}`)
    else if (prefix !== level.prefix) out.problems.push(`${label} writes ${level.prefix}:${local} with the prefix ${prefix}`)
  }
  for (const name of level.text) {
    const value = v.fields.get(fieldKey(level.ns, name))
    if (value === undefined) {
      if (level.required.includes(name)) out.problems.push(`${label} lacks ${level.prefix}:${name}`)
    } else if (value.kind !== 'simple') out.problems.push(`${label} has ${level.prefix}:${name} as ${value.kind === 'container' ? `an rdf:${value.type}` : 'a structure'}, not text`)
  }
}

/** The structures of an rdf:Seq field (pdfaSchema:property's form is the caller's to report). */
function seqItems(v: Extract<RdfValue, { kind: 'struct' }>, level: Level, name: string, label: string, out: Found): Extract<RdfValue, { kind: 'struct' }>[] {
  const value = v.fields.get(fieldKey(level.ns, name))
  if (value === undefined) return []
  if (value.kind !== 'container' || value.type !== 'Seq') {
    if (name !== 'property') out.problems.push(`${label}: ${level.prefix}:${name} must be an rdf:Seq`)
    return []
  }
  const structs = value.items.filter((i): i is Extract<RdfValue, { kind: 'struct' }> => i.kind === 'struct')
  if (structs.length < value.items.length) out.problems.push(`${label}: an item of ${level.prefix}:${name} is not a structure`)
  return structs
}

const text = (v: Extract<RdfValue, { kind: 'struct' }>, level: Level, name: string): string | undefined => {
  const value = v.fields.get(fieldKey(level.ns, name))
  return value?.kind === 'simple' ? value.text.trim() : undefined
}

/**
 * Judges the structures of a pdfaExtension:schemas Bag (the Bag itself and the fields a declared
 * property needs are judged by the caller). @returns undefined fields (6.6.2.3.2) and other problems (6.6.2.3.3).
 */
export function extensionStructureProblems(bag: RdfValue): Found {
  const out: Found = { undefinedFields: [], problems: [] }
  if (bag.kind !== 'container') return out
  const schemas = bag.items.filter((i): i is Extract<RdfValue, { kind: 'struct' }> => i.kind === 'struct')
  const defined = new Set<string>()
  const typed: { type: string; label: string }[] = []
  for (const s of schemas) {
    const label = `the schema ${text(s, SCHEMA, 'namespaceURI') ?? '(no namespace)'}`
    structForm(s, SCHEMA, label, out)
    for (const p of seqItems(s, SCHEMA, 'property', label, out)) {
      const plabel = `property ${text(p, PROPERTY, 'name') ?? '?'} of ${label.slice(4)}`
      structForm(p, PROPERTY, plabel, out)
      const vt = text(p, PROPERTY, 'valueType')
      if (vt !== undefined && vt !== '') typed.push({ type: vt, label: plabel })
    }
    for (const t of seqItems(s, SCHEMA, 'valueType', label, out)) {
      const type = text(t, TYPE, 'type')
      const tlabel = `value type ${type ?? '?'} of ${label.slice(4)}`
      if (type !== undefined) defined.add(type)
      structForm(t, TYPE, tlabel, out)
      for (const f of seqItems(t, TYPE, 'field', tlabel, out)) {
        const flabel = `field ${text(f, FIELD, 'name') ?? '?'} of ${tlabel}`
        structForm(f, FIELD, flabel, out)
        const vt = text(f, FIELD, 'valueType')
        if (vt !== undefined && vt !== '') typed.push({ type: vt, label: flabel })
      }
    }
  }
  for (const { type, label } of typed) {
    if (!isDefinedXmpType(type, defined)) out.problems.push(`${label} has the value type ${JSON.stringify(type)}, which is neither an XMP type nor declared by a pdfaType:type`)
  }
  return out
}
