/**
 * Repairs of an input's XMP properties before pdf2pdfa (or combine) writes the packet as PDF/A-3
 * (ISO 19005-3 6.6.2.3.1): a property whose value type is wrong is converted when its meaning
 * is clear (a one-item array to its item for a simple type, a simple value to a one-item array
 * or language alternative, true/false to True/False), else dropped; a property that is neither
 * predefined nor declared in the packet's pdfaExtension schemas is dropped. Nothing is invented:
 * every kept value is one the input held. Each change is reported as a warning naming the property.
 * @module
 */
import { declaredPropertyTypes } from './xmp-extension-schemas.js'
import { TYPED_SCHEMAS, type XmpValueType, isPredefinedProperty, valueTypeMatches } from './xmp-predefined.js'
import { type RdfValue, valueOf } from './xmp-rdf.js'
import { type Xmp, type XmpProperty, XMP_NS, arrayProperty, langAltProperty, propertyElement, simpleProperty } from './xmp.js'

/** The value of a property as RDF, undefined when its XML cannot be read back (dropped then). */
function valueOfProperty(p: XmpProperty): RdfValue | undefined {
  if (p.element === undefined && p.text !== undefined) return { kind: 'simple', text: p.text }
  const el = propertyElement(p)
  return el === undefined ? undefined : valueOf(el)
}

/** The simple texts of a value: itself, or every item of an array of simple values. */
function simpleTexts(v: RdfValue): string[] | undefined {
  if (v.kind === 'simple') return [v.text]
  if (v.kind !== 'container') return undefined
  const texts = v.items.map((i) => (i.kind === 'simple' ? i.text : undefined))
  return texts.every((t) => t !== undefined) ? (texts as string[]) : undefined
}

/** The property `p` rewritten with the value type `want`, when its value says so unambiguously. */
function converted(p: XmpProperty, want: XmpValueType, v: RdfValue): XmpProperty | undefined {
  const texts = simpleTexts(v)
  if (texts === undefined || texts.length === 0) return undefined
  const only = texts.length === 1 ? texts[0]!.trim() : undefined
  let out: XmpProperty | undefined
  switch (want) {
    case 'Text':
    case 'Date':
    case 'Integer':
      out = only === undefined || v.kind === 'simple' ? undefined : simpleProperty(p.ns, p.prefix, p.local, texts[0]!)
      break
    case 'Boolean':
      out = only === undefined || !/^(true|false)$/i.test(only) ? undefined : simpleProperty(p.ns, p.prefix, p.local, only.toLowerCase() === 'true' ? 'True' : 'False')
      break
    case 'Bag':
    case 'Seq':
      out = arrayProperty(p.ns, p.prefix, p.local, want, texts)
      break
    case 'Alt':
      out = only === undefined ? undefined : langAltProperty(p.ns, p.prefix, p.local, texts[0]!)
      break
    case 'Struct':
      out = undefined
  }
  // Only a result of the wanted form counts (a Date item that is no date stays wrong).
  const check = out === undefined ? undefined : valueOfProperty(out)
  return check !== undefined && valueTypeMatches(want, check, p.local) ? out : undefined
}

const SHAPE: Readonly<Record<XmpValueType, string>> = {
  Text: 'a simple value', Date: 'a date', Integer: 'an integer', Boolean: 'True or False',
  Bag: 'an rdf:Bag', Seq: 'an rdf:Seq', Alt: 'a language alternative', Struct: 'a structure',
}

/**
 * Brings each property to the value type `typeOf` gives it (undefined: no type to check).
 * @returns warnings naming each converted or dropped property.
 */
function fixValueTypes(xmp: Xmp, typeOf: (p: XmpProperty) => XmpValueType | undefined, origin: string): string[] {
  const warnings: string[] = []
  xmp.properties = xmp.properties.flatMap((p) => {
    const want = typeOf(p)
    const v = want === undefined ? undefined : valueOfProperty(p)
    if (want === undefined || (v !== undefined && valueTypeMatches(want, v, p.local))) return [p]
    const fixed = v === undefined ? undefined : converted(p, want, v)
    const name = `${p.prefix}:${p.local} (${p.ns})`
    warnings.push(
      fixed === undefined
        ? `dropped the ${origin} XMP property ${name}: its value is not ${SHAPE[want]} and cannot be converted to one without guessing`
        : `rewrote the ${origin} XMP property ${name} as ${SHAPE[want]} (PDF/A-3 6.6.2.3.1)`,
    )
    return fixed === undefined ? [] : [fixed]
  })
  return warnings
}

/** Predefined properties (XMP Specification 2005) with the value types their schemas give them. */
export function fixPredefinedValueTypes(xmp: Xmp): string[] {
  return fixValueTypes(xmp, (p) => TYPED_SCHEMAS[p.ns]?.[p.local], 'predefined')
}

const SIMPLE_DECLARED: ReadonlySet<string> = new Set(['Text', 'Integer', 'Boolean', 'Date'])

/**
 * After the extension schemas are final: drops every property that is neither predefined nor
 * declared, then brings declared properties of a simple type (Text, Integer, Boolean, Date) to it.
 * @returns warnings naming each dropped or converted property.
 */
export function dropUndeclaredProperties(xmp: Xmp): string[] {
  const declared = declaredPropertyTypes(xmp)
  const warnings: string[] = []
  xmp.properties = xmp.properties.filter((p) => {
    if (p.ns === XMP_NS.rdf || isPredefinedProperty(p.ns, p.local) || declared.get(p.ns)?.has(p.local) === true) return true
    warnings.push(`dropped the XMP property ${p.prefix}:${p.local} (${p.ns}): it is neither predefined nor declared in a pdfaExtension schema (PDF/A-3 6.6.2.3.1)`)
    return false
  })
  const typeOf = (p: XmpProperty): XmpValueType | undefined => {
    if (isPredefinedProperty(p.ns, p.local)) return undefined
    const type = declared.get(p.ns)?.get(p.local)
    return type !== undefined && SIMPLE_DECLARED.has(type) ? (type as XmpValueType) : undefined
  }
  warnings.push(...fixValueTypes(xmp, typeOf, 'extension'))
  return warnings
}
