/**
 * The PDF part's rules as data: id → ISO 19005-3 clause (or Factur-X / Mustang reference), group,
 * severity, Mustang section code and message template. Checks raise findings by id with params;
 * the wording lives here only (einvoice's own words).
 * @module
 */
import type { Severity } from '../types.js'
import { excerpt, excerptMiddle } from '../../util/excerpt.js'

/** `pdfa`: what veraPDF judges (PDF/A-3b); `facturx`: the Factur-X/ZUGFeRD container rules. */
export type PdfRuleGroup = 'pdfa' | 'facturx'

export type PdfRule = {
  group: PdfRuleGroup
  severity: Severity
  /** ISO 19005-3 clause, or the Factur-X 1.0 / ZUGFeRD 2.x chapter. */
  clause: string
  /** Mustang's section code (behaviour doc §6.4), where Mustang has one for this condition. */
  section?: string | undefined
  template: string
}

export type PdfFinding = {
  ruleId: string
  severity: Severity
  group: PdfRuleGroup
  clause: string
  section?: string | undefined
  /** What in the file: `byte 1234`, `catalog /Metadata`, `object 12 0`, `XMP fx:ConformanceLevel`. */
  location: string
  params: Readonly<Record<string, string>>
  message: string
}

const r = (group: PdfRuleGroup, severity: Severity, clause: string, template: string, section?: string): PdfRule => ({
  group,
  severity,
  clause,
  template,
  section,
})

export const PDF_RULES = {
  // --- file structure (ISO 19005-3 6.1)
  'PDFA-FILE-HEADER': r('pdfa', 'error', '6.1.2', 'the file must start at byte 0 with %PDF-1.n (n from 0 to 7) and a line end; found {found}'),
  'PDFA-FILE-BINARY': r('pdfa', 'error', '6.1.2', 'the header line must be followed by a comment of at least four bytes above 127; found {found}'),
  'PDFA-FILE-EOF': r('pdfa', 'error', '6.1.3', 'nothing but one line end may follow the last %%EOF; found {bytes} more bytes'),
  'PDFA-FILE-XREF': r('pdfa', 'error', '6.1.4', 'startxref points to byte {offset}, where there is no cross-reference table or stream'),
  'PDFA-TRAILER-ID': r('pdfa', 'error', '6.1.3', 'the trailer must carry /ID, an array of two strings; {found}'),
  'PDFA-ENCRYPT': r('pdfa', 'error', '6.1.3', 'the file is encrypted (trailer /Encrypt); PDF/A forbids encryption'),
  'PDFA-UNREADABLE': r('pdfa', 'error', '6.1', 'the PDF cannot be read: {detail}', '7'),
  'PDFA-SYNTAX-XREF': r('pdfa', 'error', '6.1.4', 'the xref keyword at {where} must be followed by a single line end and then the subsection header; {detail}'),
  'PDFA-SYNTAX-HEX': r('pdfa', 'error', '6.1.6', 'a hexadecimal string may hold only hex digits and white space, and an even number of digits; not so in {count} objects ({problems})'),
  'PDFA-SYNTAX-STREAM': r('pdfa', 'error', '6.1.7.1', 'the stream keyword must be followed by CR LF or a single LF, and endstream must follow a line end; not so in {count} objects ({problems})'),
  'PDFA-SYNTAX-LENGTH': r('pdfa', 'error', '6.1.7.1', 'a stream /Length must count exactly the bytes between the line end after stream and the one before endstream; not so in {count} objects ({problems})'),
  'PDFA-SYNTAX-OBJECT': r('pdfa', 'error', '6.1.9', 'an indirect object must begin on a new line with N G obj, single white-space characters between the three and a line end after obj; not so in {count} objects ({problems})'),
  'PDFA-STREAM-FILTER': r('pdfa', 'error', '6.1.7.2', 'the stream {where} is encoded with {filter}; PDF/A allows the filters of ISO 32000-1 table 6 except LZWDecode, and Crypt only as the Identity crypt filter'),
  'PDFA-INLINE-FILTER': r('pdfa', 'error', '6.1.10', 'an inline image ({where}) is encoded with {filter}; PDF/A allows inline images only ASCIIHex, ASCII85, Flate, RunLength, CCITTFax and DCT (or their abbreviations)'),
  'PDFA-STREAM-EXTERNAL': r('pdfa', 'error', '6.1.7.1', 'a stream must keep its data in the file: {where} carries {key}'),
  // --- graphics states, images, XObjects, catalog (6.2.5, 6.2.6, 6.2.8, 6.2.9, 6.11)
  'PDFA-EXTGSTATE': r('pdfa', 'error', '6.2.5', 'the graphics state {where} carries {key}; PDF/A allows no /TR, no /HTP and /TR2 only as /Default'),
  'PDFA-HALFTONE': r('pdfa', 'error', '6.2.5', 'the halftone {where} {problem}; PDF/A allows halftone types 1 and 5, no /HalftoneName, and a /TransferFunction only for a colourant other than the primaries and Default'),
  'PDFA-RENDERING-INTENT': r('pdfa', 'error', '6.2.6', 'the rendering intent {intent} ({where}) is not one of RelativeColorimetric, AbsoluteColorimetric, Perceptual, Saturation'),
  'PDFA-IMAGE': r('pdfa', 'error', '6.2.8', 'the image {where} {problem}; PDF/A forbids alternate and OPI images and interpolation'),
  'PDFA-IMAGE-BITS': r('pdfa', 'error', '6.2.8', 'the image {where} has /BitsPerComponent {bits}; {allowed}'),
  'PDFA-XOBJECT': r('pdfa', 'error', '6.2.9', '{where} {problem}; PDF/A forbids PostScript, reference and OPI XObjects'),
  'PDFA-PRESENTATION': r('pdfa', 'error', '6.10', '{where} carries /{key}; PDF/A forbids alternate presentations and presentation steps'),
  'PDFA-PERMISSIONS': r('pdfa', 'error', '6.1.12', '{where} {problem}'),
  'PDFA-REQUIREMENTS': r('pdfa', 'error', '6.11', 'the document catalog must not carry /Requirements'),
  // --- implementation limits (6.1.13) and content-stream operators (6.2.2)
  'PDFA-LIMIT-INTEGER': r('pdfa', 'error', '6.1.13', 'the integer {value} ({where}) is outside -2147483648 to 2147483647'),
  'PDFA-LIMIT-REAL': r('pdfa', 'error', '6.1.13', 'the real number {value} ({where}) is beyond +/-3.403 x 10^38 or, not being 0, closer to 0 than +/-1.175 x 10^-38'),
  'PDFA-LIMIT-STRING': r('pdfa', 'error', '6.1.13', 'a string of {bytes} bytes ({where}) is longer than 32767 bytes'),
  'PDFA-LIMIT-NAME': r('pdfa', 'error', '6.1.13', 'the name {name} of {bytes} bytes ({where}) is longer than 127 bytes'),
  'PDFA-LIMIT-INDIRECT': r('pdfa', 'error', '6.1.13', 'the file has {count} indirect objects, more than 8388607'),
  'PDFA-LIMIT-SAVE-DEPTH': r('pdfa', 'error', '6.1.13', 'q (save graphics state) is nested {depth} levels deep ({where}); at most 28 are allowed'),
  'PDFA-LIMIT-DEVICEN': r('pdfa', 'error', '6.1.13', 'a DeviceN colour space ({where}) has {count} colourants, more than 32'),
  'PDFA-LIMIT-CID': r('pdfa', 'error', '6.1.13', 'the embedded CMap of the font {font} maps to CID {cid}, greater than 65535'),
  'PDFA-LIMIT-PAGE-BOX': r('pdfa', 'error', '6.1.13', 'the /{box} of page {page} is {width} x {height} units; each side must be 3 to 14400'),
  'PDFA-UNDEFINED-OPERATOR': r('pdfa', 'error', '6.2.2', '{where} uses operators that ISO 32000-1 does not define: {operators} (a BX/EX compatibility section does not excuse them)'),
  'PDFA-INHERITED-RESOURCES': r('pdfa', 'error', '6.2.2', '{where} uses resources it does not carry in its own /Resources but takes from {from}: {names}'),
  'PDFA-CONTENT-NOT-SCANNED': r('pdfa', 'information', '6.2.2', '{where} was not checked for operators and limits: {reason}'),
  // --- XMP (6.6.2, 6.6.4)
  'PDFA-XMP-MISSING': r('pdfa', 'error', '6.6.2.1', 'the document catalog has no XMP metadata stream (/Metadata)', '17'),
  'PDFA-XMP-STREAM': r('pdfa', 'error', '6.6.2.1', 'the metadata stream must have /Type /Metadata and /Subtype /XML; {found}'),
  'PDFA-XMP-ENCODING': r('pdfa', 'error', '6.6.2.1', 'the XMP packet must be UTF-8; {found}'),
  'PDFA-XMP-PACKET': r('pdfa', 'error', '6.6.2.1', 'the xpacket header must not carry the bytes or encoding attribute; found {found}'),
  'PDFA-XMP-WELLFORMED': r('pdfa', 'error', '6.6.2.1', 'the XMP metadata cannot be parsed: {detail}', '28'),
  'PDFA-ID-PART': r('pdfa', 'error', '6.6.4', 'pdfaid:part must be 3 for a PDF/A-3 file; found {found}', '23'),
  'PDFA-ID-CONFORMANCE': r('pdfa', 'error', '6.6.4', 'pdfaid:conformance must be A, B or U; found {found}', '23'),
  'PDFA-XMP-VALUE-TYPE': r('pdfa', 'error', '6.6.2.3.1', 'the {origin} XMP property {property} must be {expected}; found {found}'),
  'PDFA-XMP-UNDECLARED': r('pdfa', 'error', '6.6.2.3.1', 'the XMP property {property} is neither predefined nor declared in a pdfaExtension:schemas entry'),
  'PDFA-SIGNATURE-BYTERANGE': r('pdfa', 'error', '6.4.3', 'the /ByteRange {range} of the {where} {problem}; it must cover the whole file but the /Contents string'),
  'PDFA-XMP-EXTENSION-FIELD': r('pdfa', 'error', '6.6.2.3.2', 'an extension schema structure holds a field its table does not define: {detail}'),
  'PDFA-XMP-EXTENSION': r('pdfa', 'error', '6.6.2.3.3', 'the pdfaExtension schema declaration is incomplete: {detail}'),
  // --- colour (6.2.3, 6.2.4.3)
  'PDFA-OUTPUT-INTENT': r('pdfa', 'error', '6.2.3', 'the GTS_PDFA1 OutputIntent {detail}'),
  'PDFA-OUTPUT-INTENT-PROFILES': r('pdfa', 'error', '6.2.3', 'all OutputIntents must share one DestOutputProfile; found {count} different profiles'),
  'PDFA-OUTPUT-INTENT-REF': r('pdfa', 'error', '6.2.3', 'the GTS_PDFX OutputIntent {where} carries /DestOutputProfileRef; a PDF/A file may not refer to an external output profile'),
  'PDFA-ICC-PROFILE': r('pdfa', 'error', '6.2.4.2', 'the profile of an ICCBased colour space ({where}) {detail}'),
  'PDFA-DEVICEN-COLORANTS': r('pdfa', 'error', '6.2.4.4', 'a DeviceN colour space ({where}) names the spot colourants {names} without an entry in its /Colorants dictionary'),
  'PDFA-SEPARATION-CONSISTENT': r('pdfa', 'error', '6.2.4.4', 'the Separation colourant {name} ({where}) has another alternate space or tint transform than in {other}; all Separations of one name must share them'),
  'PDFA-DEVICE-COLOUR': r('pdfa', 'error', '6.2.4.3', '{space} is used ({where}) without a matching OutputIntent or Default colour space'),
  // --- fonts, actions (6.2.11, 6.5, 6.6)
  'PDFA-FONT-EMBEDDED': r('pdfa', 'error', '6.2.11.4.1', 'the font {font} ({subtype}) is not embedded'),
  'PDFA-FONT-DICT': r('pdfa', 'error', '6.2.11.2', 'the font dictionary of {font} ({where}) {problem}, as ISO 32000-1 9.6 and 9.7 require'),
  'PDFA-FONT-CIDTOGID': r('pdfa', 'error', '6.2.11.3.2', 'the embedded CIDFontType2 font {font} ({where}) has no /CIDToGIDMap'),
  'PDFA-FONT-TRUETYPE-ENCODING': r('pdfa', 'error', '6.2.11.6', 'the {kind} TrueType font {font} ({where}) {problem}'),
  'PDFA-FONT-TRUETYPE-CMAP': r('pdfa', 'error', '6.2.11.6', 'the embedded program of the {kind} TrueType font {font} ({where}) {problem}'),
  'PDFA-NAME-UTF8': r('pdfa', 'error', '6.1.8', 'the font {font} ({where}) {problem}; font names must be UTF-8 once #xx escapes are expanded'),
  'PDFA-FONT-CIDSET': r('pdfa', 'error', '6.2.11.4.2', 'the CIDSet of the font {font} does not list {count} glyphs its program contains (CIDs {cids})'),
  'PDFA-FONT-WIDTHS': r('pdfa', 'error', '6.2.11.5', 'the widths of the font {font} disagree with its embedded program for {count} glyphs ({examples})'),
  'PDFA-FONT-NOTDEF': r('pdfa', 'error', '6.2.11.8', 'text shown with the font {font} references its .notdef glyph ({codes})'),
  'PDFA-FONT-GLYPH': r('pdfa', 'error', '6.2.11.4.1', 'visible text shown with the font {font} selects glyphs its embedded program does not define ({codes})'),
  'PDFA-ACTION': r('pdfa', 'error', '6.5.1', 'forbidden {what}'),
  'PDFA-JAVASCRIPT': r('pdfa', 'error', '6.6.1', 'JavaScript is forbidden: {what}'),
  'PDFA-ADDITIONAL-ACTIONS': r('pdfa', 'error', '6.5.2', 'additional-actions (/AA) dictionaries are forbidden'),
  // --- transparency, optional content (6.2.10, 6.9)
  'PDFA-BLEND-MODE': r('pdfa', 'error', '6.2.10', 'the blend mode {mode} is not one of ISO 32000-1'),
  'PDFA-PAGE-GROUP-CS': r('pdfa', 'error', '6.2.10', 'page {page} contains transparency ({why}) but has no /Group with a blending colour space /CS, and the document has no PDF/A OutputIntent'),
  'PDFA-OC-CONFIG': r('pdfa', 'error', '6.9', 'the optional content configuration {problem}; each needs a unique /Name, no /AS, and an /Order, if any, that lists every group'),
  // --- annotations and forms (6.3, 6.4)
  'PDFA-ANNOT-TYPE': r('pdfa', 'error', '6.3.1', 'the annotation type {subtype} is not allowed (only ISO 32000-1 types, and not 3D, Sound, Screen or Movie)'),
  'PDFA-ANNOT-FLAGS': r('pdfa', 'error', '6.3.2', 'a {subtype} annotation must be printable and visible: /F needs the Print flag and none of Hidden, Invisible, NoView, ToggleNoView; found {found}'),
  'PDFA-ANNOT-APPEARANCE': r('pdfa', 'error', '6.3.3', 'a {subtype} annotation needs an appearance dictionary with only /N (a stream, or for a button a dictionary of states); found {found}'),
  'PDFA-FORM-ACTION': r('pdfa', 'error', '6.4.1', '{what} must not carry an action (/A)'),
  'PDFA-FORM-NEED-APPEARANCES': r('pdfa', 'error', '6.4.1', 'the interactive form sets /NeedAppearances true: every field must carry its own appearance instead'),
  'PDFA-FORM-XFA': r('pdfa', 'error', '6.4.2', 'XFA forms are not allowed: {where} has /{key}'),
  // --- embedded files (6.8)
  'PDFA-EF-NAMES': r('pdfa', 'error', '6.8', 'the file specification of {file} must carry both /F and /UF'),
  'PDFA-EF-RELATIONSHIP': r('pdfa', 'error', '6.8', 'the file specification of {file} has no /AFRelationship'),
  'PDFA-EF-AF': r('pdfa', 'error', '6.8', 'the embedded file {file} is not referenced from any /AF array'),
  'PDFA-EF-MIME': r('pdfa', 'error', '6.8', 'the embedded file stream of {file} needs a MIME type in /Subtype; found {found}'),
  'PDFA-EF-MODDATE': r('pdfa', 'warning', '6.8', 'the embedded file stream of {file} has no valid /Params /ModDate ({found})'),
  // --- JPEG 2000 images (6.2.8.3; the veraPDF PDF/A-3B audit, session 28)
  'PDFA-JPX': r('pdfa', 'error', '6.2.8.3', 'the JPEG 2000 data of the image {where} {problem}'),
  // --- overprint mode with ICCBased CMYK (6.2.4.2 test 2; the veraPDF PDF/A-3B audit, session 28)
  'PDFA-OVERPRINT-MODE': r('pdfa', 'error', '6.2.4.2', 'overprint mode {opm} is in effect where {operator} ({where}) is {use} with the ICCBased CMYK colour space {space} and overprinting is on ({flag} true); there /OPM must be 0'),
  // --- Factur-X / ZUGFeRD XMP (Factur-X 1.0 §6.2.2, ZUGFeRD 2.x §6; Mustang's PDFValidator)
  'FX-XMP-NAMESPACE': r('facturx', 'error', 'Factur-X 6.2.2', 'the XMP has no Factur-X/ZUGFeRD/Order-X invoice properties (DocumentFileName, DocumentType, Version, ConformanceLevel)', '17'),
  'FX-XMP-CONFORMANCE-MISSING': r('facturx', 'error', 'Factur-X 6.2.2', 'the XMP property {prefix}:ConformanceLevel is missing', '11'),
  'FX-XMP-CONFORMANCE': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:ConformanceLevel must be one of {allowed}; found {found}', '12'),
  'FX-XMP-DOCTYPE-MISSING': r('facturx', 'error', 'Factur-X 6.2.2', 'the XMP property {prefix}:DocumentType is missing', '13'),
  'FX-XMP-DOCTYPE': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:DocumentType must be one of {allowed}; found {found}', '14'),
  'FX-XMP-VERSION-MISSING': r('facturx', 'error', 'Factur-X 6.2.2', 'the XMP property {prefix}:Version is missing', '15'),
  'FX-XMP-VERSION': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:Version must be one of {allowed}; found {found}', '16'),
  'FX-XMP-FILENAME-MISSING': r('facturx', 'error', 'Factur-X 6.2.2', 'the XMP property {prefix}:DocumentFileName is missing', '21'),
  'FX-XMP-FILENAME': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:DocumentFileName must be one of {allowed}; found {found}', '19'),
  'FX-XMP-SCHEMA': r('facturx', 'error', 'PDF/A-3 6.6.2.3.3', 'the pdfaExtension declaration of {namespace}: {detail}'),
  'FX-FILENAME-MATCH': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:DocumentFileName is {found}, but no embedded file has that name (embedded: {embedded})', '19'),
  'FX-LEVEL-MATCH': r('facturx', 'error', 'Factur-X 6.2.2', '{prefix}:ConformanceLevel is {found}, but the embedded XML declares {guideline} (BT-24), i.e. {expected}'),
  'FX-ATTACHMENT-MIME': r('facturx', 'error', 'Factur-X 6.2.1', 'the embedded invoice {file} must have the MIME type text/xml; found {found}'),
  'FX-ATTACHMENT-MODDATE': r('facturx', 'error', 'Factur-X 6.2.1', 'the embedded invoice {file} needs /Params /ModDate (the date of the XML)'),
  'FX-ATTACHMENT-CATALOG-AF': r('facturx', 'error', 'Factur-X 6.2.1', 'the file specification of {file} must be in the catalog /AF array'),
  'FX-ATTACHMENT-RELATIONSHIP': r('facturx', 'error', 'Factur-X 6.2.1', 'the embedded invoice {file} has /AFRelationship {found}; expected {expected}'),
  'FX-ATTACHMENT-RELATIONSHIP-USUAL': r('facturx', 'information', 'Factur-X 6.2.1', 'the embedded invoice {file} has /AFRelationship {found}; Factur-X asks for {expected} at the level {level} ({found} is tolerated)'),
  'FX-ATTACHMENT-XML': r('facturx', 'error', 'Factur-X 6.2.1', 'the embedded invoice {file} is not well-formed XML: {detail}', '17'),
  'FX-ATTACHMENT-DATA': r('facturx', 'error', 'Factur-X 6.2.1', 'the invoice XML cannot be taken from the PDF: {detail}'),
  'FX-ATTACHMENT-SIZE': r('facturx', 'warning', 'ISO 32000-1 7.11.4', 'the embedded invoice {file} decodes to {actual} bytes, but its /Params /Size says {declared}'),
  'FX-OTHER-XML': r('facturx', 'information', 'Mustang', 'the PDF also carries the XML attachment {file}, which is not the invoice', '17'),
  'PDFA-SIGNATURE-CERTIFICATE': r('pdfa', 'error', '6.4.3', 'the PKCS#7 object in the /Contents of the {where} {problem}; it must include the signer\'s X.509 certificate'),
  'PDFA-SIGNATURE-SIGNERS': r('pdfa', 'error', '6.4.3', 'the PKCS#7 object in the /Contents of the {where} {problem}; it must have exactly one signer (SignerInfo)'),
  'PDFA-NAME-UTF8-COLOURANT': r('pdfa', 'error', '6.1.8', 'the colourant name {name} of a {family} colour space ({where}) is not UTF-8 once its #xx escapes are expanded'),
  'PDFA-NAME-UTF8-STRUCTURE': r('pdfa', 'error', '6.1.8', 'the structure type name {name} ({where}) is not UTF-8 once its #xx escapes are expanded'),
  // --- CMaps of Type 0 fonts, CharSets of Type 1 fonts (6.2.11.3, 6.2.11.4.2)
  'PDFA-CMAP-CIDSYSTEMINFO': r('pdfa', 'error', '6.2.11.3.1', 'the Type 0 font {font} ({where}) has a CIDFont of the character collection {fontSystem} but the CMap {cmap} of {cmapSystem}; unless the CMap is Identity-H or Identity-V, Registry and Ordering must be the same and the CIDFont\'s Supplement no higher'),
  'PDFA-CMAP-EMBEDDED': r('pdfa', 'error', '6.2.11.3.3', 'the CMap {cmap} (used by {where}) is neither embedded nor one of the predefined CMaps of ISO 32000-1 table 118'),
  'PDFA-CMAP-WMODE': r('pdfa', 'error', '6.2.11.3.3', 'the embedded CMap {cmap} ({where}) has /WMode {dictWMode} in its dictionary but its program defines WMode {streamWMode}'),
  'PDFA-CMAP-USECMAP': r('pdfa', 'error', '6.2.11.3.3', 'the embedded CMap {cmap} ({where}) uses {used} by {how}; a CMap may only use the predefined CMaps of ISO 32000-1 table 118'),
  'PDFA-FONT-CHARSET': r('pdfa', 'error', '6.2.11.4.2', 'the /CharSet of the subset Type 1 font {font} ({where}) does not list the glyphs of its program: {problem}'),
} as const satisfies Record<string, PdfRule>

export type PdfRuleId = keyof typeof PDF_RULES

const PLACEHOLDER = /\{(\w+)\}/g

/** A finding of `id` at `location`, its message rendered from the table. */
export function pdfFinding(id: PdfRuleId, location: string, params: Readonly<Record<string, string>> = {}): PdfFinding {
  const rule: PdfRule = PDF_RULES[id]
  // `found` and `value` quote the file (an XMP property, a header line) and are excerpted; the
  // other params are the checker's own lists (objects, glyph names, problems), kept whole up to the
  // bound of the whole message.
  const text = rule.template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name] ?? `{${name}}`
    return name === 'found' || name === 'value' ? excerpt(value) : value
  })
  return {
    ruleId: id,
    severity: rule.severity,
    group: rule.group,
    clause: rule.clause,
    section: rule.section,
    location,
    params,
    message: excerptMiddle(`[${id}] ${text} (${rule.clause.startsWith('6.') ? `ISO 19005-3 ${rule.clause}` : rule.clause})`),
  }
}
