/**
 * Labels that differ when the document is an order (Order-X: order 220, change 230, response 231):
 * the invoice wording of the base tables is replaced where it would mislead the reader.
 * @module
 */
import type { LabelKey } from './en.js'

type OrderOverrides = Readonly<Partial<Record<LabelKey, string>>>

// prettier-ignore
export const ORDER_EN: OrderOverrides = {
  invoiceData: 'Order data', lines: 'Order lines', notes: 'Order notes', invoice: 'Order', invoiceNumber: 'Order number',
  issueDate: 'Order date', documentType: 'Order type', sumOfLineNetAmounts: 'Sum of order line net amounts',
  totalWithoutVat: 'Order total amount without VAT', totalVatAmount: 'Order total VAT amount', totalWithVat: 'Order total amount with VAT',
  generatedBy: 'Visualisation of an electronic order; the structured XML data is authoritative.',
}

// prettier-ignore
export const ORDER_DE: OrderOverrides = {
  invoiceData: 'Bestelldaten', lines: 'Bestellpositionen', notes: 'Bemerkungen zur Bestellung', invoice: 'Bestellung',
  invoiceNumber: 'Bestellnummer', issueDate: 'Bestelldatum', documentType: 'Bestellart', sumOfLineNetAmounts: 'Summe aller Positionen',
  totalWithoutVat: 'Bestellsumme ohne Umsatzsteuer', totalVatAmount: 'Summe der Umsatzsteuer', totalWithVat: 'Bestellsumme einschließlich Umsatzsteuer',
  generatedBy: 'Darstellung einer elektronischen Bestellung; maßgeblich sind die strukturierten XML-Daten.',
}

// prettier-ignore
export const ORDER_FR: OrderOverrides = {
  invoiceData: 'Données de la commande', lines: 'Lignes de commande', notes: 'Notes de la commande', invoice: 'Commande',
  invoiceNumber: 'Numéro de commande', issueDate: 'Date de commande', documentType: 'Type de commande',
  sumOfLineNetAmounts: 'Somme des montants nets des lignes', totalWithoutVat: 'Montant total de la commande hors TVA',
  totalVatAmount: 'Montant total de la TVA', totalWithVat: 'Montant total de la commande TVA comprise',
  generatedBy: "Représentation d'une commande électronique ; les données XML structurées font foi.",
}
