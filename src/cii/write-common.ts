/**
 * Fragments the CII family writes with the same `ram:` elements: CII D16B (Factur-X, XRechnung),
 * ZUGFeRD 1 and Order-X. Each writer decides by its profile whether a fragment appears.
 * @module
 */
import type { InvoiceNote, Item, LineAllowanceCharge, PostalAddress } from '../model/invoice.js'
import { type XmlTextWriter, attr } from '../xml/text-writer.js'

/** IncludedNote (BG-1): ContentCode only where the profile has it (EXTENDED), then Content, SubjectCode. */
export function writeIncludedNote(w: XmlTextWriter, note: InvoiceNote, withContentCode: boolean): void {
  w.open('ram:IncludedNote')
  if (withContentCode) w.leaf('ram:ContentCode', note.contentCode)
  w.text('ram:Content', note.text)
  w.leaf('ram:SubjectCode', note.subjectCode)
  w.close()
}

/** Item attributes (BG-32), classifications (BT-158, with EXTENDED class names) and origin (BT-159). */
export function writeProductDetails(w: XmlTextWriter, item: Item, withClassNames: boolean): void {
  for (const a of item.attributes) {
    w.open('ram:ApplicableProductCharacteristic')
    w.text('ram:Description', a.name)
    w.text('ram:Value', a.value)
    w.close()
  }
  item.classifications.forEach((c, i) => {
    w.open('ram:DesignatedProductClassification')
    w.text('ram:ClassCode', c.value, attr('listID', c.schemeId) + attr('listVersionID', c.schemeVersion))
    if (withClassNames) w.leaf('ram:ClassName', item.classificationNames?.[i])
    w.close()
  })
  w.wrapped('ram:OriginTradeCountry', 'ram:ID', item.countryOfOrigin)
}

/** SpecifiedProcuringProject (BT-11): CII requires a name beside the id; the id stands in when none is given. */
export function writeProcuringProject(w: XmlTextWriter, id: string, name: string | undefined): void {
  w.open('ram:SpecifiedProcuringProject')
  w.text('ram:ID', id)
  w.text('ram:Name', name ?? id)
  w.close()
}

/** TradeAddressType in full: PostcodeCode, LineOne … LineThree, CityName, CountryID (mandatory), CountrySubDivisionName. */
export function writePostalAddress(w: XmlTextWriter, a: PostalAddress): void {
  w.open('ram:PostalTradeAddress')
  w.leaf('ram:PostcodeCode', a.postCode)
  w.leaf('ram:LineOne', a.line1)
  w.leaf('ram:LineTwo', a.line2)
  w.leaf('ram:LineThree', a.line3)
  w.leaf('ram:CityName', a.city)
  // CountryID is mandatory in the XSD; Mustang writes it empty when unknown.
  w.text('ram:CountryID', a.countryCode)
  w.leaf('ram:CountrySubDivisionName', a.countrySubdivision)
  w.close()
}

/**
 * The reason of an allowance or charge of the document (BT-97/BT-104) or of a line (BT-139/BT-144).
 * The official rules want a reason or a reason code on every one (BR-33/BR-38, BR-42/BR-44, and
 * BR-CO-21…24 for their lists): a generic word stands in when neither is given.
 */
export function allowanceChargeReason(ac: Pick<LineAllowanceCharge, 'isCharge' | 'reason' | 'reasonCode'>): string | undefined {
  if (ac.reason !== undefined || ac.reasonCode !== undefined) return ac.reason
  return ac.isCharge ? 'Charge' : 'Allowance'
}
