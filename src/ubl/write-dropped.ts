/**
 * What the UBL writer cannot carry: content beyond EN 16931's cardinalities (UBL-SR-*) and
 * Factur-X EXTENDED content UBL has no element for. Reported as warnings so a conversion never
 * loses data silently (Mustang's converter drops it without a word, behaviour doc §8).
 * @module
 */
import type { Invoice, InvoiceLine } from '../model/invoice.js'
import { ublLineTree } from './line-tree.js'
import { UBL_CREDIT_NOTE, ublKindFor } from './ubl-codes.js'
import { documentAllowancesAndCharges } from './write-ubl.js'

type Check = { what: string; present: (inv: Invoice) => boolean }

const present = (v: unknown): boolean => v !== undefined && !(Array.isArray(v) && v.length === 0)

/** Document-level checks: a row per kind of content, data rather than branches. */
const DOCUMENT_CHECKS: readonly Check[] = [
  { what: 'buyer identifiers after the first (BT-46 occurs once, UBL-SR-16)', present: (i) => i.buyer.identifiers.length > 1 },
  {
    what: 'payment due date (BT-9) of a credit note without payment means (a UBL 2.1 CreditNote carries it in PaymentMeans)',
    present: (i) => i.dueDate !== undefined && ublKindFor(i.typeCode) === UBL_CREDIT_NOTE && (i.paymentInstructions?.means.length ?? 0) === 0,
  },
  {
    what: 'remittance information (BT-83) or direct debit (BG-19) without any payment means (UBL needs a PaymentMeansCode to carry them)',
    present: (i) =>
      i.paymentInstructions !== undefined &&
      i.paymentInstructions.means.length === 0 &&
      (present(i.paymentInstructions.remittanceInformation) || present(i.paymentInstructions.directDebit?.mandateReference)),
  },
  { what: 'EXTENDED document name', present: (i) => present(i.extension?.documentName) },
  { what: 'EXTENDED invoicer party', present: (i) => present(i.extension?.invoicer) },
  { what: 'EXTENDED invoicee party', present: (i) => present(i.extension?.invoicee) },
  { what: 'EXTENDED further trade parties', present: (i) => present(i.extension?.otherParties) },
  { what: 'EXTENDED detailed payment terms (discount/penalty terms, several terms)', present: (i) => present(i.extension?.paymentTerms) },
  {
    what: 'EXTENDED logistics service charges not counted in BT-108',
    present: (i) => present(i.extension?.logisticsServiceCharges) && documentAllowancesAndCharges(i) === i.allowancesAndCharges,
  },
  { what: 'EXTENDED ship-to / ship-from party details beyond BT-70, BT-71 and BG-15', present: (i) => present(i.delivery?.party) || present(i.delivery?.ultimateShipTo) || present(i.delivery?.shipFrom) },
  { what: 'EXTENDED delivery terms and delivery note reference', present: (i) => present(i.delivery?.deliveryTermsCode) || present(i.delivery?.deliveryNoteReference) },
  { what: 'payee address and VAT identifier (not EN 16931 terms)', present: (i) => present(i.payee?.address) || present(i.payee?.vatIdentifier) },
]

const LINE_CHECKS: readonly { what: string; present: (l: InvoiceLine) => boolean }[] = [
  { what: 'EXTENDED line references other than BT-128', present: (l) => present(l.additionalReferences) || present(l.deliveryNoteReference) },
  { what: 'EXTENDED line parties (seller, ship-to)', present: (l) => present(l.lineSeller) || present(l.shipTo) },
  { what: 'EXTENDED gross price allowance/charge details (their sum is BT-147)', present: (l) => present(l.price.grossPriceAdjustments) },
]

function lineList(lines: readonly InvoiceLine[]): string {
  const ids = lines.map((l) => l.id)
  return `(line ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ' …' : ''})`
}

/** What the sub-line nesting (line-tree.ts) cannot say in UBL. */
function subLineLosses(inv: Invoice): string[] {
  const tree = ublLineTree(inv.lines)
  const out: string[] = []
  if (tree.omitted.length > 0) {
    out.push(`not in the UBL output: EXTENDED GROUP / INFORMATION lines without sub-lines, which the totals leave out and UBL would count ${lineList(tree.omitted)}`)
  }
  if (tree.orphans.length > 0) {
    out.push(`not in the UBL output: the parent line of sub-lines whose parent (ParentLineID) is not in the invoice or is their own sub-line; they are written as top-level lines ${lineList(tree.orphans)}`)
  }
  if (tree.statusLost.length > 0) {
    out.push(`not in the UBL output: the INFORMATION status of sub-lines (UBL sub-invoice lines have no status) ${lineList(tree.statusLost)}`)
  }
  return out
}

/** One sentence per kind of content the UBL output leaves out; empty when nothing is lost. */
export function ublDroppedContent(inv: Invoice): string[] {
  const out = DOCUMENT_CHECKS.filter((c) => c.present(inv)).map((c) => `not in the UBL output: ${c.what}`)
  for (const check of LINE_CHECKS) {
    const lines = inv.lines.filter((l) => check.present(l))
    if (lines.length > 0) out.push(`not in the UBL output: ${check.what} ${lineList(lines)}`)
  }
  return [...out, ...subLineLosses(inv)]
}
