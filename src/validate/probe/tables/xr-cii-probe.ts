/**
 * The official KoSIT XRechnung 3.0 CII rules whose test applies a one-value
 * operation (normalize-space(), xs:decimal(), a value comparison, arithmetic …) to a path of
 * elements: on a document where such a path finds two elements, the official transform stops with a
 * dynamic error and the document is invalid. Contexts (every one, grouped by pattern, highest
 * priority first: they shadow each other) and rows [rule id, flag, context, kind, test], with the
 * local names of the elements in one-value positions per row. Generated once from the official rule
 * definitions with a throwaway script; ids, contexts and tests are facts of the specification. The
 * casting tests (R040, R046, R120 with the stylesheet's u:slack/u:decimalOrZero, CII R055; R120's template
 * variables bound with `for`) were added by hand in session 18, the IBAN tests BR-DE-19/20 and the
 * CVD rule BR-DE-CVD-05 in session 20. See docs/validate.md ("Dynamic errors
 * of the official rules").
 * @module
 */
import type { ProbeTable } from '../evaluation-probe.js'

// prettier-ignore
export const XR_CII_PROBE: ProbeTable = {
  contexts: [
    ["M27", "rsm:ExchangedDocumentContext"],
    ["M27", "ram:ApplicableHeaderTradeSettlement"],
    ["M27", "ram:BuyerTradeParty"],
    ["M27", "ram:SellerTradeParty"],
    ["M27", "ram:SpecifiedTradeAllowanceCharge[ram:CalculationPercent and not(ram:BasisAmount)]"],
    ["M27", "ram:SpecifiedTradeAllowanceCharge[not(ram:CalculationPercent) and ram:BasisAmount]"],
    ["M27", "ram:SpecifiedTradeAllowanceCharge"],
    ["M27", "ram:AppliedTradeAllowanceCharge"],
    ["M27", "ram:SpecifiedTradeSettlementPaymentMeans[some $code in tokenize('49 59', '\\s') satisfies normalize-space(ram:TypeCode) = $code]"],
    ["M27", "rsm:SupplyChainTradeTransaction[ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:StartDateTime]/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:StartDateTime"],
    ["M27", "rsm:SupplyChainTradeTransaction[ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod/ram:EndDateTime]/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod/ram:EndDateTime"],
    ["M27", "ram:IncludedSupplyChainTradeLineItem"],
    ["M27", "ram:NetPriceProductTradePrice | ram:GrossPriceProductTradePrice"],
    ["M27", "ram:NetPriceProductTradePrice/ram:BasisQuantity[@unitCode] | ram:GrossPriceProductTradePrice/ram:BasisQuantity[@unitCode]"],
    ["M28", "//*[not(name() = 'ram:ApplicableHeaderTradeDelivery') and not(*) and not(normalize-space())]"],
    ["M29", "rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice"],
    ["M30", "/rsm:CrossIndustryInvoice"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:PostalTradeAddress"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty/ram:DefinedTradeContact"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty/ram:PostalTradeAddress"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument[ram:TypeCode = '916']"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:PostalTradeAddress"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('30','58')]"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = ('48','54','55')]"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementPaymentMeans[normalize-space(ram:TypeCode) = '59']"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction"],
    ["M30", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeAgreement"],
    ["M31", "/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument[(exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M31", "//ram:GlobalID[@schemeID and (exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))][not(ancestor::ram:SpecifiedTradeProduct) and not(ancestor::ram:ShipToTradeParty)]"],
    ["M31", "ram:ID[@schemeID and (exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))][not(ancestor::ram:SpecifiedTaxRegistration)]"],
    ["M31", "ram:SpecifiedTradeProduct/ram:GlobalID[@schemeID and (exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M31", "ram:URIUniversalCommunication/ram:URIID[@schemeID and (exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M31", "ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID[@schemeID and (exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M31", "ram:AttachmentBinaryObject[(exists(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID[text() = concat( 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_', '3.0' ,'#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_', '3.0') ] ))]"],
    ["M32", "/rsm:CrossIndustryInvoice[(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9')]/rsm:SupplyChainTradeTransaction"],
    ["M32", "/rsm:CrossIndustryInvoice[(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9')]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct"],
    ["M32", "/rsm:CrossIndustryInvoice[(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9')]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:DesignatedProductClassification/ram:ClassCode"],
    ["M32", "/rsm:CrossIndustryInvoice[(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9')]/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic[ram:Description = 'cva']"],
    ["M32", "/rsm:CrossIndustryInvoice[(/rsm:CrossIndustryInvoice/rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID/text() = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9')]/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement"],
  ],
  rows: [
    ["PEPPOL-EN16931-R005", "f", 1, "assert", "not(ram:TaxCurrencyCode) or normalize-space(ram:TaxCurrencyCode/text()) != normalize-space(ram:InvoiceCurrencyCode/text())"],
    ["PEPPOL-EN16931-R055", "f", 1, "assert", "not(/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode and ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode]) or (ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode] < 0 and ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode] < 0) or (ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:TaxCurrencyCode] >= 0 and ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:TaxTotalAmount[@currencyID = /rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode] >= 0)"],
    ["PEPPOL-EN16931-R040", "f", 6, "assert", "not(ram:CalculationPercent and ram:BasisAmount) or u:slack(if (ram:ActualAmount) then ram:ActualAmount else 0, (xs:decimal(ram:BasisAmount) * xs:decimal(ram:CalculationPercent)) div 100, (if (/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceCurrencyCode = 'HUF') then 0.5 else 0.02))"],
    ["PEPPOL-EN16931-R043-1", "f", 6, "assert", "normalize-space(ram:ChargeIndicator/udt:Indicator/text()) = 'true' or normalize-space(ram:ChargeIndicator/udt:Indicator/text()) = 'false'"],
    ["PEPPOL-EN16931-R043-2", "f", 7, "assert", "normalize-space(ram:ChargeIndicator/udt:Indicator/text()) = 'true' or normalize-space(ram:ChargeIndicator/udt:Indicator/text()) = 'false'"],
    ["PEPPOL-EN16931-R121", "f", 12, "assert", "not(ram:BasisQuantity) or xs:decimal(ram:BasisQuantity) > 0"],
    ["PEPPOL-EN16931-R046", "f", 15, "assert", "not(ram:ChargeAmount) or xs:decimal(../ram:NetPriceProductTradePrice/ram:ChargeAmount) = xs:decimal(ram:ChargeAmount) - u:decimalOrZero(ram:AppliedTradeAllowanceCharge/ram:ActualAmount[1])"],
    ["BR-DE-17", "w", 16, "assert", "normalize-space(rsm:ExchangedDocument/ram:TypeCode) = ('326', '380', '384', '389', '381', '875', '876', '877')"],
    ["BR-DE-26", "w", 16, "assert", "not(normalize-space(rsm:ExchangedDocument/ram:TypeCode) = '384') or                     (rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:InvoiceReferencedDocument)"],
    ["BR-DE-27", "w", 20, "assert", "matches(normalize-space(ram:TelephoneUniversalCommunication/ram:CompleteNumber), '.*([0-9].*){3,}.*')"],
    ["BR-DE-28", "w", 20, "assert", "matches(normalize-space(ram:EmailURIUniversalCommunication/ram:URIID), '^[^@\\s]+@([^@.\\s]+\\.)+[^@.\\s]+$')"],
    ["BR-TMP-2", "w", 22, "assert", "not(exists(ram:URIID)) or (matches(ram:URIID, '^([a-zA-Z])([a-zA-Z0-9+.-])+:.*'))"],
    ["BR-DE-CVD-02", "f", 41, "assert", "ram:AdditionalReferencedDocument[normalize-space(ram:TypeCode) = '50' and normalize-space(ram:IssuerAssignedID)]"],
    ["BR-DE-19", "w", 24, "assert", "not(normalize-space(ram:TypeCode) = '58') or matches(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and xs:integer(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),1,2)),substring(normalize-space(replace(ram:PayeePartyCreditorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),3,2))) return (if($cp > 64) then string($cp - 55) else string($cp - 48)),'')) mod 97 = 1"],
    ["BR-DE-20", "w", 26, "assert", "not(normalize-space(ram:TypeCode) = '59') or matches(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')), '^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$') and xs:decimal(string-join(for $cp in string-to-codepoints(concat(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),5),upper-case(substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),1,2)),substring(normalize-space(replace(ram:PayerPartyDebtorFinancialAccount/ram:IBANID, '([ \\n\\r\\t\\s])', '')),3,2))) return (if($cp > 64) then string($cp - 55) else string($cp - 48)),'')) mod 97 = 1"],
    ["BR-DE-CVD-05", "f", 40, "assert", "normalize-space(ram:Value) = ('clean', 'zero-emission', 'other')"],
    ["BR-DE-18", "f", 16, "assert", "every $line in rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '(\\r?\\n)')[starts-with( normalize-space(.) , '#')] satisfies matches ( normalize-space ($line), '(^|\\r?\\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\\.[0-9]{2})?#$' ) and matches( rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradePaymentTerms/ram:Description[1]/tokenize(. , '#.+#')[last()], '^\\s*\\n' )"],
  ],
  names: [
    "InvoiceCurrencyCode TaxCurrencyCode",
    "",
    "ActualAmount BasisAmount CalculationPercent",
    "ChargeIndicator Indicator",
    "ChargeIndicator Indicator",
    "BasisQuantity",
    "AppliedTradeAllowanceCharge ChargeAmount NetPriceProductTradePrice",
    "ExchangedDocument TypeCode",
    "ExchangedDocument TypeCode",
    "CompleteNumber TelephoneUniversalCommunication",
    "EmailURIUniversalCommunication URIID",
    "URIID",
    "IssuerAssignedID TypeCode",
    "IBANID PayeePartyCreditorFinancialAccount TypeCode",
    "IBANID PayerPartyDebtorFinancialAccount TypeCode",
    "Value",
    "SpecifiedTradePaymentTerms",
  ],
  codeLists: {},
}
