/**
 * The official KoSIT XRechnung 3.0 UBL rules whose test applies a one-value
 * operation (normalize-space(), xs:decimal(), a value comparison, arithmetic …) to a path of
 * elements: on a document where such a path finds two elements, the official transform stops with a
 * dynamic error and the document is invalid. Contexts (every one, grouped by pattern, highest
 * priority first: they shadow each other) and rows [rule id, flag, context, kind, test], with the
 * local names of the elements in one-value positions per row. Generated once from the official rule
 * definitions with a throwaway script; ids, contexts and tests are facts of the specification. The
 * casting tests (R040, R046, R120 with the stylesheet's u:slack/u:decimalOrZero, CII R055; R120's
 * template variables bound with `for`) were added by hand in session 18; BR-DEX-09 (its rule's
 * three variables bound with `for`, on a LegalMonetaryTotal context the generator had left out) in
 * session 19; in session 20 the IBAN tests BR-DE-19/20 (fn:replace, string-join,
 * string-to-codepoints), BR-DE-17 and the CVD rule BR-DE-CVD-05 (its context written as a union of
 * two paths, the `$isCVD` test spelled out). See docs/validate.md ("Dynamic errors of the official rules").
 * @module
 */
import type { ProbeTable } from '../evaluation-probe.js'

// prettier-ignore
export const XR_UBL_PROBE: ProbeTable = {
  contexts: [
    ["M36", "//*[not(*) and not(normalize-space())]"],
    ["M37", "cn:CreditNote | ubl:Invoice"],
    ["M37", "cbc:TaxCurrencyCode"],
    ["M37", "cac:AccountingCustomerParty/cac:Party"],
    ["M37", "cac:AccountingSupplierParty/cac:Party"],
    ["M37", "ubl:Invoice/cac:AllowanceCharge[cbc:MultiplierFactorNumeric and not(cbc:BaseAmount)] | ubl:Invoice/cac:InvoiceLine/cac:AllowanceCharge[cbc:MultiplierFactorNumeric and not(cbc:BaseAmount)] | cn:CreditNote/cac:AllowanceCharge[cbc:MultiplierFactorNumeric and not(cbc:BaseAmount)] | cn:CreditNote/cac:CreditNoteLine/cac:AllowanceCharge[cbc:MultiplierFactorNumeric and not(cbc:BaseAmount)]"],
    ["M37", "ubl:Invoice/cac:AllowanceCharge[not(cbc:MultiplierFactorNumeric) and cbc:BaseAmount] | ubl:Invoice/cac:InvoiceLine/cac:AllowanceCharge[not(cbc:MultiplierFactorNumeric) and cbc:BaseAmount] | cn:CreditNote/cac:AllowanceCharge[not(cbc:MultiplierFactorNumeric) and cbc:BaseAmount] | cn:CreditNote/cac:CreditNoteLine/cac:AllowanceCharge[not(cbc:MultiplierFactorNumeric) and cbc:BaseAmount]"],
    ["M37", "ubl:Invoice/cac:AllowanceCharge | ubl:Invoice/cac:InvoiceLine/cac:AllowanceCharge | cn:CreditNote/cac:AllowanceCharge | cn:CreditNote/cac:CreditNoteLine/cac:AllowanceCharge"],
    ["M37", "cac:PaymentMeans[some $code in tokenize('49 59', '\\s') satisfies normalize-space(cbc:PaymentMeansCode) = $code]"],
    ["M37", "ubl:Invoice[cac:InvoicePeriod/cbc:StartDate]/cac:InvoiceLine/cac:InvoicePeriod/cbc:StartDate | cn:CreditNote[cac:InvoicePeriod/cbc:StartDate]/cac:CreditNoteLine/cac:InvoicePeriod/cbc:StartDate"],
    ["M37", "ubl:Invoice[cac:InvoicePeriod/cbc:EndDate]/cac:InvoiceLine/cac:InvoicePeriod/cbc:EndDate | cn:CreditNote[cac:InvoicePeriod/cbc:EndDate]/cac:CreditNoteLine/cac:InvoicePeriod/cbc:EndDate"],
    ["M37", "cac:InvoiceLine | cac:CreditNoteLine"],
    ["M37", "cac:Price/cac:AllowanceCharge"],
    ["M38", "/ubl:Invoice | /cn:CreditNote"],
    ["M38", "/ubl:Invoice/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference | /cn:CreditNote/cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference"],
    ["M38", "/ubl:Invoice/cac:AccountingSupplierParty | /cn:CreditNote/cac:AccountingSupplierParty"],
    ["M38", "/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress"],
    ["M38", "/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:Contact | /cn:CreditNote/cac:AccountingSupplierParty/cac:Party/cac:Contact"],
    ["M38", "/ubl:Invoice/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress | /cn:CreditNote/cac:AccountingCustomerParty/cac:Party/cac:PostalAddress"],
    ["M38", "/ubl:Invoice/cac:Delivery/cac:DeliveryLocation/cac:Address | /cn:CreditNote/cac:Delivery/cac:DeliveryLocation/cac:Address"],
    ["M38", "/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('30','58')]"],
    ["M38", "/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')] |/cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = ('48','54','55')]"],
    ["M38", "/ubl:Invoice/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59'] | /cn:CreditNote/cac:PaymentMeans[normalize-space(cbc:PaymentMeansCode) = '59']"],
    ["M38", "/ubl:Invoice/cac:TaxTotal/cac:TaxSubtotal | /cn:CreditNote/cac:TaxTotal/cac:TaxSubtotal"],
    ["M39", "cbc:EmbeddedDocumentBinaryObject[(exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "/ubl:Invoice[(exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cac:PartyIdentification/cbc:ID[@schemeID and (exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cac:PartyLegalEntity/cbc:CompanyID[@schemeID and (exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cac:StandardItemIdentification/cbc:ID[@schemeID and (exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cbc:EndpointID[@schemeID and (exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cac:DeliveryLocation/cbc:ID[@schemeID and (exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "/ubl:Invoice/cac:PrepaidPayment[(exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M39", "cac:LegalMonetaryTotal[(exists(/ubl:Invoice/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] | /cn:CreditNote/cbc:CustomizationID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M40", "/ubl:Invoice[(/ubl:Invoice | /cn:CreditNote)/cbc:CustomizationID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9']/cac:InvoiceLine/cac:Item/cac:AdditionalItemProperty[cbc:Name = 'cva'] | /cn:CreditNote[(/ubl:Invoice | /cn:CreditNote)/cbc:CustomizationID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9']/cac:CreditNoteLine/cac:Item/cac:AdditionalItemProperty[cbc:Name = 'cva']"],
  ],
  rows: [
    ["PEPPOL-EN16931-R055", "f", 1, "assert", "not(cbc:TaxCurrencyCode) or (cac:TaxTotal/cbc:TaxAmount[@currencyID=normalize-space(../../cbc:TaxCurrencyCode)] <= 0 and cac:TaxTotal/cbc:TaxAmount[@currencyID=normalize-space(../../cbc:DocumentCurrencyCode)] <= 0) or (cac:TaxTotal/cbc:TaxAmount[@currencyID=normalize-space(../../cbc:TaxCurrencyCode)] >= 0 and cac:TaxTotal/cbc:TaxAmount[@currencyID=normalize-space(../../cbc:DocumentCurrencyCode)] >= 0) "],
    ["PEPPOL-EN16931-R005", "f", 2, "assert", "not(normalize-space(text()) = normalize-space(../cbc:DocumentCurrencyCode/text()))"],
    ["PEPPOL-EN16931-R040", "f", 7, "assert", "not(cbc:MultiplierFactorNumeric and cbc:BaseAmount) or u:slack(if (cbc:Amount) then cbc:Amount else 0, (xs:decimal(cbc:BaseAmount) * xs:decimal(cbc:MultiplierFactorNumeric)) div 100, (if (/*/cbc:DocumentCurrencyCode = 'HUF') then 0.5 else 0.02))"],
    ["PEPPOL-EN16931-R043", "f", 7, "assert", "normalize-space(cbc:ChargeIndicator/text()) = 'true' or normalize-space(cbc:ChargeIndicator/text()) = 'false'"],
    ["PEPPOL-EN16931-R110", "f", 9, "assert", "xs:date(text()) >= xs:date(../../../cac:InvoicePeriod/cbc:StartDate)"],
    ["PEPPOL-EN16931-R111", "f", 10, "assert", "xs:date(text()) <= xs:date(../../../cac:InvoicePeriod/cbc:EndDate)"],
    ["PEPPOL-EN16931-R120", "f", 11, "assert", "for $lineExtensionAmount in (if (cbc:LineExtensionAmount) then xs:decimal(cbc:LineExtensionAmount) else 0), $quantity in (if (/ubl:Invoice) then (if (cbc:InvoicedQuantity) then xs:decimal(cbc:InvoicedQuantity) else 1) else (if (cbc:CreditedQuantity) then xs:decimal(cbc:CreditedQuantity) else 1)), $priceAmount in (if (cac:Price/cbc:PriceAmount) then xs:decimal(cac:Price/cbc:PriceAmount) else 0), $baseQuantity in (if (cac:Price/cbc:BaseQuantity and xs:decimal(cac:Price/cbc:BaseQuantity) != 0) then xs:decimal(cac:Price/cbc:BaseQuantity) else 1), $allowancesTotal in (if (cac:AllowanceCharge[normalize-space(cbc:ChargeIndicator) = 'false']) then round(sum(cac:AllowanceCharge[normalize-space(cbc:ChargeIndicator) = 'false']/cbc:Amount/xs:decimal(.)) * 10 * 10) div 100 else 0), $chargesTotal in (if (cac:AllowanceCharge[normalize-space(cbc:ChargeIndicator) = 'true']) then round(sum(cac:AllowanceCharge[normalize-space(cbc:ChargeIndicator) = 'true']/cbc:Amount/xs:decimal(.)) * 10 * 10) div 100 else 0) return u:slack($lineExtensionAmount, ($quantity * ($priceAmount div $baseQuantity)) + $chargesTotal - $allowancesTotal, (if (/*/cbc:DocumentCurrencyCode = 'HUF') then 0.5 else 0.02))"],
    ["PEPPOL-EN16931-R121", "f", 11, "assert", "not(cac:Price/cbc:BaseQuantity) or xs:decimal(cac:Price/cbc:BaseQuantity) > 0"],
    ["PEPPOL-EN16931-R044", "f", 12, "assert", "normalize-space(cbc:ChargeIndicator) = 'false'"],
    ["PEPPOL-EN16931-R046", "f", 12, "assert", "not(cbc:BaseAmount) or xs:decimal(../cbc:PriceAmount) = xs:decimal(cbc:BaseAmount) - xs:decimal(cbc:Amount)"],
    ["BR-DE-26", "w", 13, "assert", "((not(normalize-space(cbc:InvoiceTypeCode) = '384' or normalize-space(cbc:CreditNoteTypeCode) = '384') or                     (cac:BillingReference/cac:InvoiceDocumentReference)))"],
    ["BR-TMP-2", "w", 14, "assert", "matches(cbc:URI, '^([a-zA-Z])([a-zA-Z0-9+.-])+:.*')"],
    ["BR-DE-27", "w", 17, "assert", "matches(normalize-space(cbc:Telephone), '.*([0-9].*){3,}.*')"],
    ["BR-DE-28", "w", 17, "assert", "matches(normalize-space(cbc:ElectronicMail), '^[^@\\s]+@([^@.\\s]+\\.)+[^@.\\s]+$')"],
    ["BR-DEX-02", "w", 25, "assert", "(every $invoiceline          in /ubl:Invoice/cac:InvoiceLine[ exists (./cac:SubInvoiceLine) ]          satisfies $invoiceline/xs:decimal(cbc:LineExtensionAmount) = sum($invoiceline/cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))) and         (count( //cac:SubInvoiceLine [count(cac:SubInvoiceLine) > 0 and xs:decimal(cbc:LineExtensionAmount) = sum(cac:SubInvoiceLine/xs:decimal(cbc:LineExtensionAmount))]) = count(//cac:SubInvoiceLine [count(cac:SubInvoiceLine) > 0]))"],
    ["BR-DEX-13", "f", 31, "assert", "string-length(substring-after(cbc:PaidAmount, '.')) <= 2"],
    ["BR-DEX-09", "f", 32, "assert", "for $prepaidamount in (if (exists(cbc:PrepaidAmount)) then (xs:decimal(cbc:PrepaidAmount)) else (0)), $payableroundingamount in (if (exists(cbc:PayableRoundingAmount)) then (xs:decimal(cbc:PayableRoundingAmount)) else (0)), $thirdpartyprepaidamount in (if (exists(../cac:PrepaidPayment/cbc:PaidAmount[boolean(normalize-space(xs:string(.)))])) then (sum(../cac:PrepaidPayment/xs:decimal(cbc:PaidAmount))) else (0)) return (round((xs:decimal(cbc:PayableAmount) - $payableroundingamount) * 10 * 10) div 100) = (round((xs:decimal(cbc:TaxInclusiveAmount) - $prepaidamount + $thirdpartyprepaidamount) * 10 * 10) div 100)"],
    ["BR-DE-17", "w", 13, "assert", "normalize-space(cbc:InvoiceTypeCode) = ('326', '380', '384', '389', '381', '875', '876', '877') or normalize-space(cbc:CreditNoteTypeCode) = ('326', '380', '384', '389', '381', '875', '876', '877')"],
    ["BR-DE-19", "w", 20, "assert", "not(normalize-space(cbc:PaymentMeansCode) = '58') or matches(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),1,2)),substring(normalize-space(replace(cac:PayeeFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),3,2))) return (if($cp > 64) then string($cp - 55) else string($cp - 48)),'')) mod 97 = 1"],
    ["BR-DE-20", "w", 22, "assert", "not(normalize-space(cbc:PaymentMeansCode) = '59') or matches(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),5),upper-case(substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),1,2)),substring(normalize-space(replace(cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID, '([ \\n\\r\\t\\s])', '')),3,2))) return (if($cp > 64) then string($cp - 55) else string($cp - 48)),'')) mod 97 = 1"],
    ["BR-DE-CVD-05", "f", 33, "assert", "normalize-space(cbc:Value) = ('clean', 'zero-emission', 'other')"],
    ["BR-DE-18", "f", 13, "assert", "every $line in cac:PaymentTerms/cbc:Note[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), '(^|\\r?\\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$') and matches( cac:PaymentTerms/cbc:Note[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"],
  ],
  names: [
    "DocumentCurrencyCode TaxCurrencyCode",
    "DocumentCurrencyCode",
    "Amount BaseAmount MultiplierFactorNumeric",
    "ChargeIndicator",
    "InvoicePeriod StartDate",
    "EndDate InvoicePeriod",
    "BaseQuantity CreditedQuantity InvoicedQuantity LineExtensionAmount Price PriceAmount",
    "BaseQuantity Price",
    "ChargeIndicator",
    "Amount BaseAmount PriceAmount",
    "CreditNoteTypeCode InvoiceTypeCode",
    "URI",
    "Telephone",
    "ElectronicMail",
    "LineExtensionAmount",
    "PaidAmount",
    "PaidAmount PayableAmount PayableRoundingAmount PrepaidAmount TaxInclusiveAmount",
    "CreditNoteTypeCode InvoiceTypeCode",
    "ID PayeeFinancialAccount PaymentMeansCode",
    "ID PayerFinancialAccount PaymentMandate PaymentMeansCode",
    "Value",
    "PaymentTerms",
  ],
  codeLists: {},
}
