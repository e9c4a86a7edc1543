/**
 * Model parties and payment instructions → Mustang TradeParty JSON (behaviour doc §1.4, §5.4):
 * the inverse of to-model-party.ts.
 * @module
 */
import type { Contact, Identifier, InvoiceNote, Party, Payee, PaymentInstructions, PostalAddress } from '../model/invoice.js'
import type { BankDetailsPayload, ContactPayload, DirectDebitPayload, IncludedNotePayload, TradePartyPayload } from './schemas.js'

/** Mustang's SubjectCode enum (behaviour doc §1.8): the only codes its JSON can carry. */
const SUBJECT_CODES: ReadonlySet<string> = new Set(['AAI', 'SUR', 'REG', 'ABL', 'TXD', 'CUS', 'ACY', 'AAK', 'ABZ', 'PMT', 'PMD', 'AAB', 'ACB', 'INV'])

/** A note as Mustang's IncludedNote; a subject code outside its enum is left out, as Mustang does. */
export function noteJson(note: InvoiceNote): IncludedNotePayload {
  const code = note.subjectCode !== undefined && SUBJECT_CODES.has(note.subjectCode) ? note.subjectCode : undefined
  return { content: note.text, subjectCode: code as IncludedNotePayload['subjectCode'] }
}

/** UNTDID 4461 codes that are direct debits (BG-19): their account is the buyer's (BT-91). */
const DIRECT_DEBIT_CODES: ReadonlySet<string> = new Set(['49', '59'])

/** Mustang's e-mail scheme for a party's URI communication (BT-34 / BT-49). */
const EMAIL_SCHEME = 'EM'

function addressFields(address: PostalAddress | undefined): Partial<TradePartyPayload> {
  if (address === undefined) return {}
  return {
    street: address.line1,
    additionalAddress: address.line2,
    additionalAddressExtension: address.line3,
    zip: address.postCode,
    location: address.city,
    country: address.countryCode,
  }
}

export function contactJson(contact: Contact | undefined): ContactPayload | undefined {
  if (contact === undefined) return undefined
  const out = { name: contact.name, phone: contact.telephone, email: contact.email, fax: contact.fax }
  // A contact with only EXTENDED fields (department, type) has nothing Mustang's Contact can hold.
  return Object.values(out).some((v) => v !== undefined) ? out : undefined
}

/** BT-29: Mustang has one plain `id` and one `globalID` with its scheme. */
function identifierFields(ids: readonly Identifier[]): Partial<TradePartyPayload> {
  const plain = ids.find((i) => i.schemeId === undefined)
  const global = ids.find((i) => i.schemeId !== undefined)
  return { id: plain?.value, globalID: global?.value, globalIDScheme: global?.schemeId }
}

function legalOrganisation(id: Identifier | undefined, tradingName: string | undefined): TradePartyPayload['legalOrganisation'] {
  if (id === undefined && tradingName === undefined) return undefined
  return {
    schemedID: id === undefined ? undefined : { id: id.value, scheme: id.schemeId },
    tradingBusinessName: tradingName,
  }
}

/** A model party as a Mustang TradeParty (seller, buyer, ship-to, invoicer ...). */
export function partyJson(party: Party | undefined, extra: Partial<TradePartyPayload> = {}): TradePartyPayload | undefined {
  if (party === undefined) return undefined
  const email = party.electronicAddress?.schemeId === EMAIL_SCHEME ? party.electronicAddress.value : undefined
  return {
    name: party.name,
    ...identifierFields(party.identifiers),
    ...addressFields(party.address),
    // Jackson writes the one field under both spellings (behaviour doc §1.4).
    vatID: party.vatIdentifier,
    vatid: party.vatIdentifier,
    taxID: party.taxRegistrationId,
    description: party.additionalLegalInformation,
    email,
    contact: contactJson(party.contact),
    legalOrganisation: legalOrganisation(party.legalRegistrationId, party.tradingName),
    ...extra,
  }
}

/** BG-10 PAYEE: name, identifier, legal registration (+ EXTENDED address and VAT id). */
export function payeeJson(payee: Payee | undefined): TradePartyPayload | undefined {
  if (payee === undefined) return undefined
  return {
    name: payee.name,
    ...identifierFields(payee.identifier === undefined ? [] : [payee.identifier]),
    ...addressFields(payee.address),
    vatID: payee.vatIdentifier,
    vatid: payee.vatIdentifier,
    legalOrganisation: legalOrganisation(payee.legalRegistrationId, undefined),
  }
}

/**
 * BG-16 as the seller's `bankDetails` (one per credit-transfer account) and `debitDetails`
 * (direct debits: the debited account BT-91 and the mandate BT-89). A payment means without an
 * account keeps its code and text as an account-less bank detail (Mustang 2.24 drops it).
 */
export function paymentJson(instructions: PaymentInstructions | undefined): {
  bankDetails: BankDetailsPayload[]
  debitDetails: DirectDebitPayload[]
} {
  const bankDetails: BankDetailsPayload[] = []
  const debitDetails: DirectDebitPayload[] = []
  for (const means of instructions?.means ?? []) {
    const code = { paymentMeansCode: means.typeCode === '' ? undefined : means.typeCode, paymentMeansInformation: means.text }
    if (means.debitedAccountId !== undefined || DIRECT_DEBIT_CODES.has(means.typeCode)) {
      debitDetails.push({ iban: means.debitedAccountId, mandate: instructions?.directDebit?.mandateReference, ...code })
    }
    for (const account of means.creditTransfers) {
      bankDetails.push({ iban: account.accountId, bic: account.serviceProviderId, accountName: account.accountName, ...code })
    }
    if (means.creditTransfers.length === 0 && means.debitedAccountId === undefined && !DIRECT_DEBIT_CODES.has(means.typeCode)) {
      bankDetails.push(code)
    }
  }
  return { bankDetails, debitDetails }
}
