/**
 * English message templates of the XSD-equivalent structure checks and the XRechnung (KoSIT)
 * layer, in einvoice's own words; merged into the English table by messages.ts.
 * @module
 */

// prettier-ignore
export const MESSAGES_EN_LAYERS: Readonly<Record<string, string>> = {
  'xsd.unexpected': '{schema}: {element} is not allowed at this place in {parent}; expected here: {expected}.',
  'xsd.missing': '{schema}: {element} is incomplete; a required element is missing: {expected}.',
  'xsd.value': '{schema}: the value "{value}" of {element} is {detail}.',
  'xsd.attribute': '{schema}: {element} does not allow the attribute {detail}.',
  'xsd.required-attribute': '{schema}: {element} needs the attribute {detail}.',
  'xsd.text': '{schema}: {element} contains text, but only child elements are allowed there.',
  'xsd.namespace': '{schema}: {element} is in the namespace {detail}, which the schema does not expect for {element} in {parent}.',
  'xsd.root': '{schema}: the document element {element} is not one this schema declares ({expected}).',
}
