/**
 * Mustang TradeParty / Contact JSON → model parties (behaviour doc §1.4, §3.5).
 * @module
 */
import type { Contact, Identifier, Party, Payee, PostalAddress } from '../model/invoice.js'
import type { ContactPayload, TradePartyPayload } from './schemas.js'

/** Blank text counts as absent, as Mustang writes no element for it. */
export function nonBlank(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value
}

function address(party: TradePartyPayload): PostalAddress | undefined {
  const out: PostalAddress = {
    line1: nonBlank(party.street),
    line2: nonBlank(party.additionalAddress),
    line3: nonBlank(party.additionalAddressExtension),
    city: nonBlank(party.location),
    postCode: nonBlank(party.zip),
    countryCode: nonBlank(party.country),
  }
  const given = out.line1 ?? out.line2 ?? out.line3 ?? out.city ?? out.postCode ?? out.countryCode
  return given === undefined ? undefined : out
}

export function contactToModel(contact: ContactPayload | undefined): Contact | undefined {
  if (contact === undefined) return undefined
  const out: Contact = {
    name: nonBlank(contact.name),
    telephone: nonBlank(contact.phone),
    email: nonBlank(contact.email),
    fax: nonBlank(contact.fax),
  }
  const given = out.name ?? out.telephone ?? out.email ?? out.fax
  return given === undefined ? undefined : out
}

/** BT-29/46: `id` is a plain ram:ID, `globalID` with its ICD scheme a ram:GlobalID. */
function identifiers(party: TradePartyPayload): Identifier[] {
  const out: Identifier[] = []
  const id = nonBlank(party.id)
  if (id !== undefined) out.push({ value: id })
  const globalId = nonBlank(party.globalID)
  const scheme = nonBlank(party.globalIDScheme)
  // Mustang writes GlobalID only when both the id and its scheme are set.
  if (globalId !== undefined && scheme !== undefined) out.push({ value: globalId, schemeId: scheme })
  return out
}

function legalRegistration(party: TradePartyPayload): Identifier | undefined {
  const schemed = party.legalOrganisation?.schemedID
  const id = nonBlank(schemed?.id)
  if (id === undefined) return undefined
  return { value: id, schemeId: nonBlank(schemed?.scheme) }
}

/** A TradeParty as a seller, buyer, ship-to, invoicer ... party. */
export function partyToModel(party: TradePartyPayload): Party {
  const email = nonBlank(party.email)
  return {
    name: nonBlank(party.name),
    tradingName: nonBlank(party.legalOrganisation?.tradingBusinessName),
    identifiers: identifiers(party),
    legalRegistrationId: legalRegistration(party),
    vatIdentifier: nonBlank(party.vatID),
    taxRegistrationId: nonBlank(party.taxID),
    // TradeParty.description is CII ram:Description, i.e. BT-33 additional legal information.
    additionalLegalInformation: nonBlank(party.description),
    // Mustang stores the party e-mail as a URI communication with scheme EM (BT-34/BT-49).
    electronicAddress: email === undefined ? undefined : { value: email, schemeId: 'EM' },
    address: address(party),
    contact: contactToModel(party.contact),
  }
}

/** BG-10: Mustang writes only ID, GlobalID, Name and the legal organisation id of a payee. */
export function payeeToModel(party: TradePartyPayload): Payee {
  const ids = identifiers(party)
  return {
    name: nonBlank(party.name) ?? '',
    identifier: ids.find((i) => i.schemeId !== undefined) ?? ids[0],
    legalRegistrationId: legalRegistration(party),
  }
}
